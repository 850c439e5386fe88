"""Trains the roof-style classifier (server/analyzer/local/weights/roof-style.json). Deterministic, CPU, seconds.

    npx tsx training/roof-style-features.ts > /tmp/roof-style-features.jsonl
    python training/train_roof_style.py /tmp/roof-style-features.jsonl
    npx prettier --write server/analyzer/local/weights/roof-style.json   # the repository's JSON style (CI checks it)

A multinomial logistic regression over the roof features of `roofFeatures` (roof-analysis.ts), on the labelled
roofs of the whole-property set (tests/eval/property.json): each roof read in its labelled box, and as the
analyzer's own subject roof where that is the labelled building (box IoU >= 0.5), each with the ground
resolution given and withheld. Only the EVEN positions among the styled images are used; the odd positions are
the held-out half that `npm run eval -- --property` reports. Features and C were chosen by 5-fold
cross-validation inside the even half only (grouped by image, 5 shuffles): all 14 features 0.51-0.55; greedy
forward selection on box rows kept hipR2, rectFill, lumCv, parShare, solidity; with the subject rows added that
set scores 0.59 at C 1 (0.58 at C 0.3; class-balanced weights 0.52: complex is under-called; 3 features 0.58 but
0.34 on the house-centred crops against 0.48).
"""
import json
import math
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression

# Decision 013r added the roof-shape network's three probabilities (roof-shape.ts; training/train_roof_cnn.py):
# on the odd half, box / subject rows, given and withheld, 0.49 / 0.62 / 0.45 / 0.55 -> 0.61 / 0.62 / 0.55 / 0.66
# (the same split, C and margin; adding only two of them, or C 0.3, scored within 0.02 of that).
FEATURES = ['hipR2', 'rectFill', 'lumCv', 'parShare', 'solidity', 'shapeFlat', 'shapeGable', 'shapeHip']
C = 1.0
# "complex" must lead by this much: chosen by the same cross-validation (margins 0 / 0.1 / 0.2 / 0.3: overall
# 0.56 / 0.56 / 0.55 / 0.52, house-centred subject roofs 0.35 / 0.40 / 0.44 / 0.47): partial subject roofs of
# house crops read as L/T plans.
MARGINS = {'complex': 0.2}


def vector(f):
    return [math.log(f['pixels'] + 1) if k == 'log_pixels' else f[k] for k in FEATURES]


def main(path, out='server/analyzer/local/weights/roof-style.json'):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    # Subject roofs count only where they are the labelled building (box IoU >= 0.5); the features tool writes
    # every overlapping one (adding those with less overlap scored 0.55 against 0.56 in cross-validation).
    rows = [r for r in rows if r['roof'] == 'box' or r.get('iou', 1) >= 0.5]
    train = [r for r in rows if r['position'] % 2 == 0]
    x = np.array([vector(r['features']) for r in train])
    y = np.array([r['label'] for r in train])
    mean = x.mean(0)
    std = x.std(0)
    std[std == 0] = 1
    model = LogisticRegression(C=C, max_iter=10000).fit((x - mean) / std, y)
    for held in (0, 1):
        for withheld in (False, True):
            for roof in ('box', 'subject'):
                e = [r for r in rows if r['position'] % 2 == held and r['withheld'] == withheld and r['roof'] == roof]
                prob = model.predict_proba((np.array([vector(r['features']) for r in e]) - mean) / std)
                prob -= np.array([MARGINS.get(c, 0) for c in model.classes_])
                p = model.classes_[prob.argmax(1)]
                acc = float(np.mean(p == np.array([r['label'] for r in e])))
                print(f"{'odd (held out)' if held else 'even (trained on)'}, {'withheld' if withheld else 'given'}, {roof}: {acc:.2f} of {len(e)}")
    r6 = lambda v: [round(float(a), 6) for a in v]
    json.dump({
        'name': 'roof-style',
        'features': FEATURES,
        'classes': list(model.classes_),
        'mean': r6(mean),
        'std': r6(std),
        'weights': [r6(w) for w in model.coef_],
        'bias': r6(model.intercept_),
        'margins': MARGINS,
        'trained_on': f'tests/eval/property.json, even positions among the styled images: {len(set(r["position"] for r in train))} roofs '
                      f'in their labelled box and as the subject roof where found, ground resolution given and withheld '
                      f'({len(train)} rows); C={C}',
    }, open(out, 'w'), indent=1)
    open(out, 'a').write('\n')
    print('wrote', out)


if __name__ == '__main__':
    main(*sys.argv[1:])
