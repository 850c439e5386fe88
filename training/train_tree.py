"""Train the `tree` centre-heatmap model.

Data (read from ../shared/eval/train, never copied): trees_urban_naip, 400 NAIP RGB tiles at 0.6 m/px from
California cities with one point per tree (24,148 points). Target: a Gaussian blob (sigma 1.5 px = 0.9 m) at each
point, exactly 1.0 at the point's pixel; loss: the penalty-reduced focal loss of CenterNet, so the map peaks at tree
centres and the runtime counts trees by peak finding (threshold + radius tuned on the dev tune half, written to the
manifest's `postprocess`).

Usage: nice -n 10 training/.venv/bin/python training/train_tree.py [--steps N]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import numpy as np
import torch

from augment import geometric, photometric
from common import MODELS_DIR, TRAIN_DIR, WORK_DIR, Timer, TinyUNet, count_params, export_onnx, load_manifest, normalise, read_rgb, setup_determinism
import cv2

SEED = 4321
SIGMA = 1.5


def load_data():
    recs = load_manifest(TRAIN_DIR / "manifest.json")
    imgs, pts = [], []
    for r in recs:
        if r["file"].startswith("trees_urban_naip/"):
            imgs.append(read_rgb(TRAIN_DIR / r["file"]))
            p = (r.get("boxes_or_masks") or {}).get("points") or []
            pts.append(np.array(p, np.float32).reshape(-1, 2))
    return imgs, pts


def render(points: np.ndarray, size: int) -> np.ndarray:
    hm = np.zeros((size, size), np.float32)
    r = int(3 * SIGMA) + 1
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    g = np.exp(-(xx**2 + yy**2) / (2 * SIGMA**2)).astype(np.float32)
    for x, y in points:
        cx, cy = int(round(x)), int(round(y))
        if not (0 <= cx < size and 0 <= cy < size):
            continue
        x0, x1 = max(0, cx - r), min(size, cx + r + 1)
        y0, y1 = max(0, cy - r), min(size, cy + r + 1)
        sub = g[y0 - cy + r : y1 - cy + r, x0 - cx + r : x1 - cx + r]
        hm[y0:y1, x0:x1] = np.maximum(hm[y0:y1, x0:x1], sub)
    return hm


def batch(rng, imgs, pts, n, size):
    xs, ys = [], []
    for _ in range(n):
        i = int(rng.integers(len(imgs)))
        img, p = imgs[i], pts[i]
        s = rng.uniform(0.85, 1.2)
        crop = min(img.shape[0], img.shape[1], int(np.ceil(size / s)))
        y0 = int(rng.integers(img.shape[0] - crop + 1))
        x0 = int(rng.integers(img.shape[1] - crop + 1))
        im = img[y0 : y0 + crop, x0 : x0 + crop]
        im = cv2.resize(im, (size, size), interpolation=cv2.INTER_AREA if crop > size else cv2.INTER_LINEAR)
        k = size / crop
        q = (p - np.array([x0, y0], np.float32) + 0.5) * k - 0.5
        hm = render(q, size)
        im, hm = geometric(rng, im, hm)
        xs.append(photometric(rng, im))
        ys.append(hm)
    x = torch.from_numpy(np.stack(xs).astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()
    return normalise(x), torch.from_numpy(np.stack(ys))[:, None]


def focal(logits, target, alpha=2.0, beta=4.0):
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    pos = target >= 0.999
    pos_loss = -((1 - p) ** alpha) * torch.log(p) * pos
    neg_loss = -((1 - target) ** beta) * (p**alpha) * torch.log(1 - p) * (~pos)
    npos = pos.sum().clamp(min=1)
    return (pos_loss.sum() + neg_loss.sum()) / npos


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--no-eval", action="store_true")
    args = ap.parse_args()
    setup_determinism(SEED, threads=1)  # one thread: on the shared 2-core machine OpenMP barriers stall under load
    timer = Timer()
    imgs, pts = load_data()
    print(f"loaded {len(imgs)} tiles, {sum(len(p) for p in pts)} points", flush=True)
    net = TinyUNet((16, 32, 64, 128), (1, 2, 3, 3))
    # CenterNet's prior: start with a low probability everywhere so the focal loss is stable from step 0.
    torch.nn.init.constant_(net.head.bias, -2.19)
    print("params", count_params(net))
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=args.steps, pct_start=0.1)
    rng = np.random.default_rng(SEED)
    net.train()
    for step in range(args.steps):
        x, y = batch(rng, imgs, pts, 12, 160)
        loss = focal(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.3f} t={timer():.0f}s", flush=True)
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), WORK_DIR / "tree.pt")
    export_onnx(net, MODELS_DIR / "tree.onnx")
    (WORK_DIR / "tree.train_seconds").write_text(f"{timer():.0f}\n")
    print(f"exported tree.onnx; training took {timer():.0f}s", flush=True)
    if not args.no_eval:
        subprocess.run([sys.executable, str(Path(__file__).with_name("eval_models.py")), "--model", "tree",
                        "--write-manifest"], check=True)


if __name__ == "__main__":
    main()
