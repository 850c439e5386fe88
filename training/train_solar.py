"""Train the `solar` segmentation model from image-level labels (multiple-instance learning).

Data (read from ../shared/eval/train, never copied): solar_fresno_kaggle, 1,340 101x101 chips of Fresno at
0.3 m/px (425 with solar, 915 without). Every 10th chip (sorted by file name) is held out of training
(`fresno_holdout()`), for an in-domain sanity number.

Each training sample is a 2x2 mosaic of chips (208x208, so the model sees property-sized context and chip seams
teach it nothing: labels are per chip region):
- a chip without solar: every pixel of its region has target 0, and its top-k mean logit has target 0;
- a chip with solar: the top-k mean logit of its region has target 1 (somewhere in it there is a panel).
The result is a per-pixel panel map; presence = its maximum >= threshold.

Usage: nice -n 10 training/.venv/bin/python training/train_solar.py [--steps N]

Fine-tuning with pixel masks (decision 013s): `--pv01 training/work/pv01/data/raw` adds, per mosaic, a chance
`--pv01-share` that one of its four cells is a PV01 tile (0.1 m aerial tiles of Jiangsu with panel masks, see
training/README.md) shrunk to 0.3 m: every pixel of that cell has its mask's target (panel 1, else 0) and its
top-k mean logit target 1 when it holds panels. Every 5th tile (sorted by name) is held out and its pixel IoU
printed. `--init training/work/solar_from_onnx.pt` (rebuilt by checkpoint_from_onnx.py solar) continues from the
committed map with its BatchNorms frozen; `--out PATH` writes the ONNX file there instead of the product's model
(and skips the manifest evaluation).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from augment import geometric, photometric, rescale
from train_building import train_mode
from common import MODELS_DIR, TRAIN_DIR, WORK_DIR, Timer, TinyUNet, count_params, export_onnx, load_manifest, normalise, read_rgb, setup_determinism

SEED = 777
ARCH = ((16, 32, 64, 128), (1, 2, 3, 3))
CELL = 104
PV01_GSD = 0.1
K = 24  # top-k pixels: a small residential array at 0.3 m is ~20-40 px


def fresno_records():
    recs = [r for r in load_manifest(TRAIN_DIR / "manifest.json") if r["file"].startswith("solar_fresno_kaggle/")]
    return sorted(recs, key=lambda r: r["file"])


def fresno_holdout():
    return [(TRAIN_DIR / r["file"], bool(r["labels"]["solar"])) for i, r in enumerate(fresno_records()) if i % 10 == 0]


def load_data():
    imgs, ys = [], []
    for i, r in enumerate(fresno_records()):
        if i % 10 == 0:
            continue
        imgs.append(read_rgb(TRAIN_DIR / r["file"]))
        ys.append(1.0 if r["labels"]["solar"] else 0.0)
    return imgs, np.array(ys, np.float32)


def rescale_binary(mask, scale: float):
    """A 0/1 mask rescaled (linearly) and cut at one half, as float32."""
    return (rescale(mask.astype(np.float32), scale, is_mask=True) >= 0.5).astype(np.float32)


def pv01_tiles(root: Path):
    """(image, panel mask) pairs of the PV01 tiles shrunk from their 0.1 m to the model's 0.3 m, sorted by name,
    split into (train, held out: every 5th)."""
    pairs = []
    s = PV01_GSD / 0.3
    for f in sorted((root / "images").glob("*.bmp")):
        m = cv2.imread(str(root / "masks" / f.name), cv2.IMREAD_GRAYSCALE)
        pairs.append((rescale(read_rgb(f), s), rescale_binary(m > 0, s)))
    return [p for i, p in enumerate(pairs) if i % 5], [p for i, p in enumerate(pairs) if i % 5 == 0]


def roof_negatives(n: int, seed: int = SEED):
    """`n` chip-sized (101 px at 0.3 m) crops centred on building pixels of the building-footprint samples
    (train_building.py's, its held-out patches left out): roofs without panels, as no-solar chips. A rare panel in
    those cities' roofs is noise the chips' own negatives already carry."""
    from train_building import HOLDOUT, _mask, external_pairs

    rng = np.random.default_rng(seed)
    pairs = [(read_rgb(ip), _mask(mp), gsd) for name, gsd, ip, mp in external_pairs() if not name.startswith(HOLDOUT)]
    out = []
    while len(out) < n:
        img, mask, gsd = pairs[int(rng.integers(len(pairs)))]
        img, mask = rescale(img, gsd / 0.3), rescale_binary(mask, gsd / 0.3)
        ys, xs = np.nonzero(mask)
        if not len(ys):
            continue
        k = int(rng.integers(len(ys)))
        y0 = int(np.clip(ys[k] - 50, 0, max(0, img.shape[0] - 101)))
        x0 = int(np.clip(xs[k] - 50, 0, max(0, img.shape[1] - 101)))
        out.append(np.ascontiguousarray(img[y0 : y0 + 101, x0 : x0 + 101]))
    return out


def cell(rng, img, mask=None):
    """A chip (or a PV01 tile already at 0.3 m, with its panel mask) jittered in scale, padded to CELL, augmented:
    (image, valid-pixel map, panel mask or None)."""
    s = rng.uniform(0.85, 1.1)
    img = rescale(img, s)
    if mask is not None:
        mask = rescale_binary(mask, s)
    h, w = img.shape[:2]
    v = np.ones((h, w), np.float32)
    m = mask if mask is not None else np.zeros((h, w), np.float32)
    if h > CELL or w > CELL:  # only at the top of the scale range; cut evenly from both sides
        y0, x0 = (h - CELL) // 2, (w - CELL) // 2
        img, v = img[y0 : y0 + CELL, x0 : x0 + CELL], v[y0 : y0 + CELL, x0 : x0 + CELL]
        m = m[y0 : y0 + CELL, x0 : x0 + CELL]
        h, w = img.shape[:2]
    t, l = int(rng.integers(CELL - h + 1)), int(rng.integers(CELL - w + 1))
    mode = "edge" if rng.random() < 0.5 else "reflect"
    img = np.pad(img, ((t, CELL - h - t), (l, CELL - w - l), (0, 0)), mode=mode)
    v = np.pad(v, ((t, CELL - h - t), (l, CELL - w - l)))
    m = np.pad(m, ((t, CELL - h - t), (l, CELL - w - l)))
    img, v, m = geometric(rng, img, v, m)
    img = photometric(rng, img)
    if rng.random() < 0.35:
        # 2013 Fresno orthos are soft; drone frames and modern map tiles resampled to 0.3 m are crisper.
        blur = cv2.GaussianBlur(img.astype(np.float32), (0, 0), 1.0)
        img = np.clip(img + rng.uniform(0.3, 1.0) * (img - blur), 0, 255).astype(np.uint8)
    return img, v, (m if mask is not None else None)


def batch(rng, imgs, ys, n, pv01=None, pv01_share=0.0):
    """n mosaics: (input, chip regions N×4×H×W, chip labels N×4, pixel targets N×H×W, pixel-target weights N×H×W).
    Pixel targets are set only on PV01 cells; the MIL and no-solar losses read the regions and labels."""
    pos, neg = np.flatnonzero(ys > 0.5), np.flatnonzero(ys < 0.5)
    xs, regions, labels, targets, weights = [], [], [], [], []
    for _ in range(n):
        canvas = np.zeros((2 * CELL, 2 * CELL, 3), np.uint8)
        target = np.zeros((2 * CELL, 2 * CELL), np.float32)
        weight = np.zeros((2 * CELL, 2 * CELL), np.float32)
        regs, labs = [], []
        pv_cell = int(rng.integers(4)) if pv01 and rng.random() < pv01_share else -1
        for j in range(4):
            yy, xx = (j // 2) * CELL, (j % 2) * CELL
            if j == pv_cell:
                img, mask = pv01[int(rng.integers(len(pv01)))]
                c, v, m = cell(rng, img, mask)
                target[yy : yy + CELL, xx : xx + CELL] = m
                weight[yy : yy + CELL, xx : xx + CELL] = v
                lab = 1.0 if m.sum() > 0 else 0.0
            else:
                i = int(rng.choice(pos)) if rng.random() < 0.4 else int(rng.choice(neg))
                c, v, _ = cell(rng, imgs[i])
                lab = ys[i]
            canvas[yy : yy + CELL, xx : xx + CELL] = c
            r = np.zeros((2 * CELL, 2 * CELL), np.float32)
            r[yy : yy + CELL, xx : xx + CELL] = v
            regs.append(r)
            labs.append(lab)
        xs.append(canvas)
        regions.append(np.stack(regs))
        labels.append(labs)
        targets.append(target)
        weights.append(weight)
    x = torch.from_numpy(np.stack(xs).astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()
    return (normalise(x), torch.from_numpy(np.stack(regions)), torch.tensor(np.array(labels, np.float32)),
            torch.from_numpy(np.stack(targets)), torch.from_numpy(np.stack(weights)))


def pv01_iou(net, tiles, threshold=0.65):
    """Pixel IoU of the map (p ≥ threshold) against the held-out PV01 masks, at 0.3 m."""
    inter = union = 0.0
    net.eval()
    with torch.no_grad():
        for im, m in tiles:
            h, w = m.shape
            # Padded to a multiple of 16 as the runtime's tiles are, read back at the tile's size.
            im = np.pad(im, ((0, -h % 16), (0, -w % 16), (0, 0)), mode="reflect")
            x = normalise(torch.from_numpy(im.astype(np.float32) / 255.0).permute(2, 0, 1)[None].contiguous())
            p = torch.sigmoid(net(x)[0, 0]).numpy()[:h, :w] >= threshold
            inter += float((p & (m > 0.5)).sum())
            union += float((p | (m > 0.5)).sum())
    return inter / max(1.0, union)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2200)
    ap.add_argument("--no-eval", action="store_true")
    ap.add_argument("--pv01", type=Path, default=None, help="PV01 tiles with panel masks (images/, masks/)")
    ap.add_argument("--pv01-share", type=float, default=0.5, help="chance that a mosaic holds one PV01 cell")
    ap.add_argument("--roof-negatives", type=int, default=0, help="add this many roof crops of the building samples as no-solar chips")
    ap.add_argument("--init", type=Path, default=None, help="a checkpoint rebuilt by checkpoint_from_onnx.py solar")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--out", type=Path, default=None, help="write the ONNX file here, not the product's model")
    args = ap.parse_args()
    setup_determinism(SEED, threads=1)  # one thread: on the shared 2-core machine OpenMP barriers stall under load
    timer = Timer()
    imgs, ys = load_data()
    if args.roof_negatives:
        roofs = roof_negatives(args.roof_negatives)
        imgs, ys = imgs + roofs, np.concatenate([ys, np.zeros(len(roofs), np.float32)])
    print(f"loaded {len(imgs)} chips ({int(ys.sum())} with solar)", flush=True)
    net = TinyUNet(*ARCH)
    torch.nn.init.constant_(net.head.bias, -3.0)
    pv01, pv01_held = pv01_tiles(args.pv01) if args.pv01 else (None, None)
    if args.init:
        net.load_state_dict(torch.load(args.init, map_location="cpu"))
        print(f"continuing from {args.init}", flush=True)
    if pv01_held:
        print(f"PV01: {len(pv01)} tiles to train on, {len(pv01_held)} held out: pixel IoU {pv01_iou(net, pv01_held):.3f}", flush=True)
    # Training-only auxiliary classifier on the 1/16 features averaged over each chip's region: with MIL alone
    # the gradient reaches only the top-k pixels of a positive chip, and from scratch that learns too slowly.
    aux = torch.nn.Linear(128, 1)
    print("params", count_params(net))
    opt = torch.optim.AdamW(list(net.parameters()) + list(aux.parameters()), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    rng = np.random.default_rng(SEED)
    train_mode(net, freeze_bn=args.init is not None)
    for step in range(args.steps):
        x, reg, lab, pix_t, pix_w = batch(rng, imgs, ys, 8, pv01, args.pv01_share)
        lg = net(x)[:, 0]  # N,H,W
        n, c = reg.shape[:2]
        masked = lg[:, None] + (reg - 1) * 1e4  # N,4,H,W
        topk = masked.flatten(2).topk(K, dim=2).values.mean(2)  # N,4
        mil = F.binary_cross_entropy_with_logits(topk, lab)
        negreg = reg * (1 - lab)[:, :, None, None]
        negmap = negreg.amax(1)
        neg_pix = (F.binary_cross_entropy_with_logits(lg, torch.zeros_like(lg), reduction="none") * negmap).sum() / (
            negmap.sum() + 1)
        r16 = F.avg_pool2d(reg, 16)  # N,4,h,w
        feats = net.deep_features  # N,C,h,w
        pooled = torch.einsum("nchw,nkhw->nkc", feats, r16) / (r16.sum((2, 3))[..., None] + 1e-6)
        aux_loss = F.binary_cross_entropy_with_logits(aux(pooled)[..., 0], lab)
        loss = mil + neg_pix + 0.5 * aux_loss
        if pv01:
            # PV01 cells: every pixel has a target; panels are the minority, so they count double.
            pw = pix_w * (1 + pix_t)
            loss = loss + (F.binary_cross_entropy_with_logits(lg, pix_t, reduction="none") * pw).sum() / (pw.sum() + 1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.3f} mil {mil.item():.3f} neg {neg_pix.item():.4f} "
                  f"aux {aux_loss.item():.3f} t={timer():.0f}s",
                  flush=True)
    if pv01_held:
        print(f"PV01 held out: pixel IoU {pv01_iou(net, pv01_held):.3f}", flush=True)
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    if args.out:
        torch.save(net.state_dict(), args.out.with_suffix(".pt"))
        export_onnx(net, args.out)
        print(f"wrote {args.out} ({timer():.0f}s)", flush=True)
        return
    torch.save(net.state_dict(), WORK_DIR / "solar.pt")
    export_onnx(net, MODELS_DIR / "solar.onnx")
    (WORK_DIR / "solar.train_seconds").write_text(f"{timer():.0f}\n")
    print(f"exported solar.onnx; training took {timer():.0f}s", flush=True)
    if not args.no_eval:
        subprocess.run([sys.executable, str(Path(__file__).with_name("eval_models.py")), "--model", "solar",
                        "--write-manifest"], check=True)


if __name__ == "__main__":
    main()
