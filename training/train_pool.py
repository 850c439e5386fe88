"""Train the `pool` segmentation model.

Data (read from ../shared/eval/train, never copied):
- pools_kOussama_cannes: 512x512 tiles of Cannes at ~0.25 m/px with pixel masks (713 with masks). Strong labels.
- pools_yacine_chips: 50x50 chips at ~0.3 m/px, image-level labels (1000 pool / 1000 no-pool). Negatives give an
  all-zero pixel target (blue roofs, tarps, cars, shadows, lawns live here); positives are weakly supervised
  (multiple-instance: the top-k mean of the logit map must say "pool").

Usage: nice -n 10 training/.venv/bin/python training/train_pool.py [--steps N]
Writes server/analyzer/models/pool.onnx, then runs eval_models.py to tune the threshold on the dev tune half and
write the manifest entry.
"""
from __future__ import annotations

import argparse
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

from augment import geometric, photometric, random_crop, rescale
from common import (
    MODELS_DIR,
    TRAIN_DIR,
    WORK_DIR,
    Timer,
    TinyUNet,
    count_params,
    export_onnx,
    load_manifest,
    normalise,
    read_mask,
    read_rgb,
    setup_determinism,
)

GSD = 0.25  # model input resolution (m/px): the Cannes tiles' native (estimated) resolution
CHIP_GSD = 0.30
SEED = 1234


def load_data():
    recs = load_manifest(TRAIN_DIR / "manifest.json")
    tiles, masks, chips, chip_y = [], [], [], []
    for r in recs:
        f = r["file"]
        if f.startswith("pools_kOussama_cannes/"):
            bm = r.get("boxes_or_masks") or {}
            if not bm.get("mask") or r.get("label_quality") == "source_mask_empty_boxes_only":
                continue
            tiles.append(read_rgb(TRAIN_DIR / f))
            masks.append(read_mask(TRAIN_DIR / bm["mask"]))
        elif f.startswith("pools_yacine_chips/"):
            chips.append(read_rgb(TRAIN_DIR / f))
            chip_y.append(1.0 if r["labels"]["pool"] else 0.0)
    return tiles, masks, chips, np.array(chip_y, np.float32)


def tile_batch(rng, tiles, masks, n, size):
    xs, ys = [], []
    for _ in range(n):
        i = int(rng.integers(len(tiles)))
        img, m = tiles[i], masks[i]
        s = rng.uniform(0.8, 1.25)  # GSD of the source is an estimate; teach a range around it
        crop = int(np.ceil(size / s)) + 2
        img, m = random_crop(rng, crop, img, m)
        img = rescale(img, size / crop)
        m = rescale(m, size / crop, is_mask=True)
        img, m = img[:size, :size], m[:size, :size]
        img, m = geometric(rng, img, m)
        xs.append(photometric(rng, img))
        ys.append((m > 0.5).astype(np.float32))
    return xs, ys


def chip_batch(rng, chips, chip_y, n_pos, n_neg, size=64):
    pos = np.flatnonzero(chip_y > 0.5)
    neg = np.flatnonzero(chip_y < 0.5)
    idx = np.concatenate([rng.choice(pos, n_pos), rng.choice(neg, n_neg)])
    xs, ys, valid = [], [], []
    for i in idx:
        img = chips[i]
        s = CHIP_GSD / GSD * rng.uniform(0.85, 1.2)
        img = rescale(img, s)
        h, w = img.shape[:2]
        # The runtime pads to a multiple of 16 with edge replication; mimic both that and reflection.
        mode = "edge" if rng.random() < 0.5 else "reflect"
        if h > size or w > size:
            img = random_crop(rng, size, img)[0]
            h, w = size, size
        v = np.zeros((size, size), np.float32)
        v[:h, :w] = 1.0
        img = np.pad(img, ((0, size - h), (0, size - w), (0, 0)), mode=mode)
        img, v = geometric(rng, img, v)
        xs.append(photometric(rng, img))
        ys.append(chip_y[i])
        valid.append(v)
    return xs, np.array(ys, np.float32), valid


def to_tensor(xs):
    x = torch.from_numpy(np.stack(xs).astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()
    return normalise(x)


def topk_mean(logits, valid, k):
    flat = (logits + (valid - 1) * 1e4).flatten(1)  # invalid (padding) pixels never win
    return flat.topk(k, dim=1).values.mean(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=900)
    ap.add_argument("--no-eval", action="store_true")
    args = ap.parse_args()
    setup_determinism(SEED, threads=1)  # one thread: on the shared 2-core machine OpenMP barriers stall under load
    timer = Timer()
    tiles, masks, chips, chip_y = load_data()
    print(f"loaded {len(tiles)} tiles, {len(chips)} chips ({int(chip_y.sum())} pos) in {timer():.0f}s", flush=True)

    net = TinyUNet((16, 32, 64, 128), (1, 2, 3, 3))
    print("params", count_params(net))
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=args.steps, pct_start=0.1)
    rng = np.random.default_rng(SEED)
    net.train()
    for step in range(args.steps):
        tx, ty = tile_batch(rng, tiles, masks, 8, 192)
        cx, cy, cv = chip_batch(rng, chips, chip_y, 12, 12)
        xt, yt = to_tensor(tx), torch.from_numpy(np.stack(ty))[:, None]
        xc, yc = to_tensor(cx), torch.from_numpy(cy)
        vc = torch.from_numpy(np.stack(cv))[:, None]

        lt = net(xt)
        # Strong pixel labels: BCE (pos weighted: pools are ~2% of pixels) + soft Dice for the IoU we report.
        bce = F.binary_cross_entropy_with_logits(lt, yt, pos_weight=torch.tensor(3.0))
        p = torch.sigmoid(lt)
        inter = (p * yt).sum()
        dice = 1 - (2 * inter + 1) / (p.sum() + yt.sum() + 1)
        # Tile-level presence (every Cannes tile holds a pool) keeps the max-pooled score calibrated alike.
        lc = net(xc)
        img_logit = topk_mean(lc, vc, 12)
        mil = F.binary_cross_entropy_with_logits(img_logit, yc)
        negmask = (1 - yc).view(-1, 1, 1, 1) * vc
        neg_pix = (F.binary_cross_entropy_with_logits(lc, torch.zeros_like(lc), reduction="none") * negmask).sum() / (
            negmask.sum() + 1
        )
        loss = bce + dice + 0.5 * mil + neg_pix
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == args.steps - 1:
            print(
                f"step {step} loss {loss.item():.3f} bce {bce.item():.3f} dice {dice.item():.3f} "
                f"mil {mil.item():.3f} neg {neg_pix.item():.3f} t={timer():.0f}s",
                flush=True,
            )
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), WORK_DIR / "pool.pt")
    export_onnx(net, MODELS_DIR / "pool.onnx")
    print(f"exported pool.onnx; training took {timer():.0f}s", flush=True)
    (WORK_DIR / "pool.train_seconds").write_text(f"{timer():.0f}\n")
    if not args.no_eval:
        subprocess.run([sys.executable, str(__import__("pathlib").Path(__file__).with_name("eval_models.py")),
                        "--model", "pool", "--write-manifest"], check=True)


if __name__ == "__main__":
    main()
