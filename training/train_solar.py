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
from common import MODELS_DIR, TRAIN_DIR, WORK_DIR, Timer, TinyUNet, count_params, export_onnx, load_manifest, normalise, read_rgb, setup_determinism

SEED = 777
CELL = 104
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


def cell(rng, img):
    img = rescale(img, rng.uniform(0.85, 1.1))
    h, w = img.shape[:2]
    v = np.ones((h, w), np.float32)
    if h > CELL or w > CELL:  # only at the top of the scale range; cut evenly from both sides
        y0, x0 = (h - CELL) // 2, (w - CELL) // 2
        img, v = img[y0 : y0 + CELL, x0 : x0 + CELL], v[y0 : y0 + CELL, x0 : x0 + CELL]
        h, w = img.shape[:2]
    t, l = int(rng.integers(CELL - h + 1)), int(rng.integers(CELL - w + 1))
    mode = "edge" if rng.random() < 0.5 else "reflect"
    img = np.pad(img, ((t, CELL - h - t), (l, CELL - w - l), (0, 0)), mode=mode)
    v = np.pad(v, ((t, CELL - h - t), (l, CELL - w - l)))
    img, v = geometric(rng, img, v)
    img = photometric(rng, img)
    if rng.random() < 0.35:
        # 2013 Fresno orthos are soft; drone frames and modern map tiles resampled to 0.3 m are crisper.
        blur = cv2.GaussianBlur(img.astype(np.float32), (0, 0), 1.0)
        img = np.clip(img + rng.uniform(0.3, 1.0) * (img - blur), 0, 255).astype(np.uint8)
    return img, v


def batch(rng, imgs, ys, n):
    pos, neg = np.flatnonzero(ys > 0.5), np.flatnonzero(ys < 0.5)
    xs, regions, labels = [], [], []
    for _ in range(n):
        canvas = np.zeros((2 * CELL, 2 * CELL, 3), np.uint8)
        regs, labs = [], []
        for j in range(4):
            i = int(rng.choice(pos)) if rng.random() < 0.4 else int(rng.choice(neg))
            c, v = cell(rng, imgs[i])
            yy, xx = (j // 2) * CELL, (j % 2) * CELL
            canvas[yy : yy + CELL, xx : xx + CELL] = c
            r = np.zeros((2 * CELL, 2 * CELL), np.float32)
            r[yy : yy + CELL, xx : xx + CELL] = v
            regs.append(r)
            labs.append(ys[i])
        xs.append(canvas)
        regions.append(np.stack(regs))
        labels.append(labs)
    x = torch.from_numpy(np.stack(xs).astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()
    return normalise(x), torch.from_numpy(np.stack(regions)), torch.tensor(np.array(labels, np.float32))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2200)
    ap.add_argument("--no-eval", action="store_true")
    args = ap.parse_args()
    setup_determinism(SEED, threads=1)  # one thread: on the shared 2-core machine OpenMP barriers stall under load
    timer = Timer()
    imgs, ys = load_data()
    print(f"loaded {len(imgs)} chips ({int(ys.sum())} with solar)", flush=True)
    net = TinyUNet((16, 32, 64, 128), (1, 2, 3, 3))
    torch.nn.init.constant_(net.head.bias, -3.0)
    # Training-only auxiliary classifier on the 1/16 features averaged over each chip's region: with MIL alone
    # the gradient reaches only the top-k pixels of a positive chip, and from scratch that learns too slowly.
    aux = torch.nn.Linear(128, 1)
    print("params", count_params(net))
    opt = torch.optim.AdamW(list(net.parameters()) + list(aux.parameters()), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=args.steps, pct_start=0.1)
    rng = np.random.default_rng(SEED)
    net.train()
    for step in range(args.steps):
        x, reg, lab = batch(rng, imgs, ys, 8)
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
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.3f} mil {mil.item():.3f} neg {neg_pix.item():.4f} "
                  f"aux {aux_loss.item():.3f} t={timer():.0f}s",
                  flush=True)
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), WORK_DIR / "solar.pt")
    export_onnx(net, MODELS_DIR / "solar.onnx")
    (WORK_DIR / "solar.train_seconds").write_text(f"{timer():.0f}\n")
    print(f"exported solar.onnx; training took {timer():.0f}s", flush=True)
    if not args.no_eval:
        subprocess.run([sys.executable, str(Path(__file__).with_name("eval_models.py")), "--model", "solar",
                        "--write-manifest"], check=True)


if __name__ == "__main__":
    main()
