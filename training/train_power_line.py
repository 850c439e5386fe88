"""Train the `power_line` segmentation model (close-range UAV imagery, native resolution).

Data (read from ../shared/eval/train, never copied):
- powerlines_pldm: 20 UAV photos (mountain scenes) whose labels are the wires' outlines; the target is the filled
  wire (outline closed with a 9 px ellipse and hole-filled), so a prediction 3-7 px wide sits within 3 px of the
  labelled outline.
- Synthetic wires painted on other aerial training images (Cannes pool tiles, NAIP tree tiles, Fresno chips),
  enlarged 1-3x so their ground texture looks like close-range footage: 1-5 parallel, slightly converging,
  slightly sagging wires, 2-7 px wide, anti-aliased, lighter or darker than the ground, with a specular
  centre line or a soft shadow. A share of the painted samples carries no wire at all, so roads, roof edges,
  kerbs and fences in those images are negatives.

Usage: nice -n 10 training/.venv/bin/python training/train_power_line.py [--steps N]
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
from scipy import ndimage

from augment import geometric, photometric, random_crop, rescale
from common import MODELS_DIR, TRAIN_DIR, WORK_DIR, Timer, TinyUNet, count_params, export_onnx, load_manifest, normalise, read_mask, read_rgb, setup_determinism

SEED = 2468
SIZE = 192


def fill_wire(outline: np.ndarray) -> np.ndarray:
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    closed = cv2.morphologyEx(outline.astype(np.uint8), cv2.MORPH_CLOSE, k)
    return (ndimage.binary_fill_holes(closed) | outline.astype(bool)).astype(np.uint8)


def load_data():
    recs = load_manifest(TRAIN_DIR / "manifest.json")
    real, backgrounds = [], []
    cannes = tree = fres = 0
    for r in sorted(recs, key=lambda r: r["file"]):
        f = r["file"]
        if f.startswith("powerlines_pldm/"):
            real.append((read_rgb(TRAIN_DIR / f), fill_wire(read_mask(TRAIN_DIR / r["boxes_or_masks"]["mask"]))))
        # A fixed, evenly spread subset of backgrounds keeps memory and load time small.
        elif f.startswith("pools_kOussama_cannes/"):
            cannes += 1
            if cannes % 4 == 0:
                backgrounds.append(read_rgb(TRAIN_DIR / f))
        elif f.startswith("trees_urban_naip/"):
            tree += 1
            if tree % 2 == 0:
                backgrounds.append(read_rgb(TRAIN_DIR / f))
        elif f.startswith("solar_fresno_kaggle/"):
            fres += 1
            if fres % 10 == 0:
                backgrounds.append(read_rgb(TRAIN_DIR / f))
    return real, backgrounds


def paint_wires(rng, img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Paint 1-5 wires on a uint8 RGB image (size x size); returns (image, mask)."""
    size = img.shape[0]
    ss = 4  # supersampling for anti-aliasing
    big = size * ss
    theta = rng.uniform(0, np.pi)
    d = np.array([np.cos(theta), np.sin(theta)])
    nrm = np.array([-d[1], d[0]])
    n = int(rng.choice([1, 2, 2, 3, 3, 4, 5]))
    centre = np.array([size / 2, size / 2]) + rng.uniform(-size / 3, size / 3, 2)
    spacing0 = rng.uniform(8, 45)
    converge = rng.uniform(0.6, 1.4)  # spacing at one end vs the other (perspective)
    bright = rng.random() < 0.6
    bg_mean = img.reshape(-1, 3).mean(0)
    layer = np.zeros((big, big), np.float32)  # coverage of the wire body
    spec = np.zeros((big, big), np.float32)  # specular centre
    shadow = np.zeros((big, big), np.float32)
    shadow_off = rng.uniform(-12, 12, 2) if rng.random() < 0.3 else None
    ts = np.linspace(-1.5 * size, 1.5 * size, 60)
    for i in range(n):
        off = (i - (n - 1) / 2)
        width = rng.uniform(2.0, 7.0)
        sag = rng.uniform(-4, 4) if rng.random() < 0.5 else 0.0
        pts = []
        for t in ts:
            u = (t / (1.5 * size) + 1) / 2  # 0..1 along the wire
            spacing = spacing0 * (1 + (converge - 1) * u)
            p = centre + d * t + nrm * (off * spacing + sag * (1 - (2 * u - 1) ** 2))
            pts.append(p)
        pts = np.array(pts)
        poly = np.round(pts * ss).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(layer, [poly], False, 1.0, thickness=max(1, int(round(width * ss))), lineType=cv2.LINE_8)
        if width > 3 and rng.random() < 0.7:
            cv2.polylines(spec, [poly], False, 1.0, thickness=max(1, int(round(width * ss * 0.35))), lineType=cv2.LINE_8)
        if shadow_off is not None:
            sp = np.round((pts + shadow_off) * ss).astype(np.int32).reshape(-1, 1, 2)
            cv2.polylines(shadow, [sp], False, 1.0, thickness=max(1, int(round(width * ss))), lineType=cv2.LINE_8)
    cov = cv2.resize(layer, (size, size), interpolation=cv2.INTER_AREA)
    spec = cv2.resize(spec, (size, size), interpolation=cv2.INTER_AREA)
    shadow = cv2.resize(shadow, (size, size), interpolation=cv2.INTER_AREA)
    if bright:
        base = rng.uniform(140, 235)
        colour = np.clip(base + rng.uniform(-15, 15, 3), 0, 255)
    else:
        base = rng.uniform(20, 100)
        colour = np.clip(base + rng.uniform(-10, 10, 3), 0, 255)
    alpha = rng.uniform(0.55, 1.0)
    x = img.astype(np.float32)
    x = x * (1 - 0.35 * shadow[..., None])
    # Contrast against the local ground varies: sometimes the wire nearly vanishes (what the model must still find).
    x = x * (1 - alpha * cov[..., None]) + colour * alpha * cov[..., None]
    x = x + spec[..., None] * rng.uniform(0, 50) * (1 if bright else 0.5)
    if rng.random() < 0.3:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.5, 1.2))
    mask = (cov > 0.35).astype(np.uint8)
    _ = bg_mean
    return np.clip(x, 0, 255).astype(np.uint8), mask


def real_sample(rng, real):
    img, m = real[int(rng.integers(len(real)))]
    s = rng.uniform(0.7, 1.4)
    crop = int(np.ceil(SIZE / s))
    img, m = random_crop(rng, crop, img, m)
    img = cv2.resize(img, (SIZE, SIZE), interpolation=cv2.INTER_AREA if crop > SIZE else cv2.INTER_LINEAR)
    m = (cv2.resize(m.astype(np.float32), (SIZE, SIZE), interpolation=cv2.INTER_LINEAR) > 0.4).astype(np.uint8)
    return img, m


def synthetic_sample(rng, backgrounds):
    bg = backgrounds[int(rng.integers(len(backgrounds)))]
    s = rng.uniform(1.0, 3.0)
    crop = int(np.ceil(SIZE / s))
    bg = random_crop(rng, crop, bg)[0]
    bg = cv2.resize(bg, (SIZE, SIZE), interpolation=cv2.INTER_CUBIC if rng.random() < 0.5 else cv2.INTER_LINEAR)
    if rng.random() < 0.25:
        return bg, np.zeros((SIZE, SIZE), np.uint8)
    return paint_wires(rng, bg)


def make_batch(rng, real, backgrounds, n_real, n_syn):
    xs, ys = [], []
    for j in range(n_real + n_syn):
        img, m = real_sample(rng, real) if j < n_real else synthetic_sample(rng, backgrounds)
        img, m = geometric(rng, img, m)
        xs.append(photometric(rng, img, hue_deg=10))
        ys.append(m.astype(np.float32))
    x = torch.from_numpy(np.stack(xs).astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()
    return normalise(x), torch.from_numpy(np.stack(ys))[:, None]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=800)
    ap.add_argument("--no-eval", action="store_true")
    ap.add_argument("--preview", action="store_true", help="write a few synthetic samples to training/work/")
    args = ap.parse_args()
    setup_determinism(SEED, threads=1)  # one thread: on the shared 2-core machine OpenMP barriers stall under load
    timer = Timer()
    real, backgrounds = load_data()
    print(f"loaded {len(real)} real images, {len(backgrounds)} backgrounds in {timer():.0f}s", flush=True)
    rng = np.random.default_rng(SEED)
    if args.preview:
        WORK_DIR.mkdir(parents=True, exist_ok=True)
        tiles = []
        for _ in range(8):
            im, m = synthetic_sample(rng, backgrounds)
            tiles.append(np.concatenate([im, np.repeat(m[..., None] * 255, 3, 2)], 0))
        cv2.imwrite(str(WORK_DIR / "power_line_synthetic_preview.png"), cv2.cvtColor(np.concatenate(tiles, 1), cv2.COLOR_RGB2BGR))
        return
    net = TinyUNet((16, 32, 64, 128), (1, 2, 3, 3))
    torch.nn.init.constant_(net.head.bias, -3.0)
    print("params", count_params(net))
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=args.steps, pct_start=0.1)
    net.train()
    for step in range(args.steps):
        x, y = make_batch(rng, real, backgrounds, 3, 5)
        lg = net(x)
        bce = F.binary_cross_entropy_with_logits(lg, y, pos_weight=torch.tensor(4.0))
        p = torch.sigmoid(lg)
        dice = 1 - (2 * (p * y).sum() + 1) / (p.sum() + y.sum() + 1)
        loss = bce + dice
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.3f} bce {bce.item():.3f} dice {dice.item():.3f} t={timer():.0f}s",
                  flush=True)
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), WORK_DIR / "power_line.pt")
    export_onnx(net, MODELS_DIR / "power_line.onnx")
    (WORK_DIR / "power_line.train_seconds").write_text(f"{timer():.0f}\n")
    print(f"exported power_line.onnx; training took {timer():.0f}s", flush=True)
    if not args.no_eval:
        subprocess.run([sys.executable, str(Path(__file__).with_name("eval_models.py")), "--model", "power_line",
                        "--write-manifest"], check=True)


if __name__ == "__main__":
    main()
