"""Shared pieces of the Aerisk vision-model training scripts.

Everything here is deterministic given a seed: the training scripts call `setup_determinism()` first, then build
their data with numpy Generators seeded from fixed constants.

Layout of a network in this repo: a small encoder/decoder ("TinyUNet") made of depthwise-separable blocks. It
works at 1/2 resolution and lower (a full-resolution 3x3 conv costs more than the whole encoder below it) and its
logits are bilinearly upsampled x2 at the end. The exported ONNX graph wraps it with the ImageNet-free input
normalisation (fixed per-channel constants computed on the training images) and the final sigmoid, so the runtime
feeds plain RGB 0..1 and reads probabilities.
"""
from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parent
REPO = ROOT.parent
SHARED_EVAL = Path(os.environ.get("AERISK_EVAL_DIR", REPO.parent / "shared" / "eval")).resolve()
TRAIN_DIR = SHARED_EVAL / "train"
# AERISK_MODELS_DIR / AERISK_WORK_DIR redirect outputs (used to check determinism without touching the committed files)
MODELS_DIR = Path(os.environ.get("AERISK_MODELS_DIR", REPO / "server" / "analyzer" / "models"))
WORK_DIR = Path(os.environ.get("AERISK_WORK_DIR", ROOT / "work"))  # gitignored: checkpoints, logs

# Fixed per-channel normalisation (roughly the mean/std of residential aerial RGB). Baked into the ONNX graph.
MEAN = (0.40, 0.42, 0.38)
STD = (0.20, 0.19, 0.19)


def setup_determinism(seed: int, threads: int = 2) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)


def load_manifest(path: Path) -> list[dict]:
    with open(path) as f:
        return json.load(f)


def read_rgb(path: Path) -> np.ndarray:
    import cv2

    im = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if im is None:
        raise FileNotFoundError(path)
    return cv2.cvtColor(im, cv2.COLOR_BGR2RGB)


def read_mask(path: Path) -> np.ndarray:
    import cv2

    m = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    if m is None:
        raise FileNotFoundError(path)
    return (m > 127).astype(np.uint8)


def resample(img: np.ndarray, scale: float, is_mask: bool = False) -> np.ndarray:
    """Resize by `scale` (new = old * scale). INTER_AREA when shrinking: it is what the runtime is told to use
    (an area/box filter, i.e. sharp's default-ish behaviour for downscaling), bilinear when enlarging."""
    import cv2

    if abs(scale - 1.0) < 1e-6:
        return img
    h, w = img.shape[:2]
    nw, nh = max(1, int(round(w * scale))), max(1, int(round(h * scale)))
    if is_mask:
        interp = cv2.INTER_NEAREST
    else:
        interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.resize(img, (nw, nh), interpolation=interp)


# ----------------------------------------------------------------------------------------------------------------
# Network


class ConvBNAct(nn.Sequential):
    def __init__(self, cin, cout, k=3, s=1, groups=1, dil=1, act=True):
        pad = dil * (k // 2)
        layers = [nn.Conv2d(cin, cout, k, s, pad, dilation=dil, groups=groups, bias=False), nn.BatchNorm2d(cout)]
        if act:
            layers.append(nn.ReLU(inplace=True))
        super().__init__(*layers)


class DWSep(nn.Module):
    """Depthwise 3x3 + pointwise 1x1, residual when shapes allow."""

    def __init__(self, cin, cout, s=1, dil=1):
        super().__init__()
        self.dw = ConvBNAct(cin, cin, 3, s, groups=cin, dil=dil)
        self.pw = ConvBNAct(cin, cout, 1, act=False)
        self.res = s == 1 and cin == cout

    def forward(self, x):
        y = self.pw(self.dw(x))
        return F.relu(x + y) if self.res else F.relu(y)


class TinyUNet(nn.Module):
    def __init__(self, ch=(16, 32, 64, 96), depth=(1, 1, 2, 2)):
        super().__init__()
        c0, c1, c2, c3 = ch
        self.stem = nn.Sequential(ConvBNAct(3, c0, 3, 2), *[DWSep(c0, c0) for _ in range(depth[0])])  # /2
        self.e1 = nn.Sequential(DWSep(c0, c1, 2), *[DWSep(c1, c1) for _ in range(depth[1])])  # /4
        self.e2 = nn.Sequential(DWSep(c1, c2, 2), *[DWSep(c2, c2) for _ in range(depth[2])])  # /8
        self.e3 = nn.Sequential(
            DWSep(c2, c3, 2), *[DWSep(c3, c3, dil=1 + i) for i in range(depth[3])]
        )  # /16, dilated for context
        self.l3 = ConvBNAct(c3, c2, 1)
        self.d2 = DWSep(c2, c2)
        self.l2 = ConvBNAct(c2, c1, 1)
        self.d1 = DWSep(c1, c1)
        self.l1 = ConvBNAct(c1, c0, 1)
        self.d0 = DWSep(c0, c0)
        self.head = nn.Conv2d(c0, 1, 1)

    @staticmethod
    def _up(x, ref):
        return F.interpolate(x, size=ref.shape[-2:], mode="bilinear", align_corners=False)

    def forward(self, x):
        """x: normalised NCHW; returns logits at input resolution. H, W must be multiples of 16."""
        s0 = self.stem(x)
        s1 = self.e1(s0)
        s2 = self.e2(s1)
        s3 = self.e3(s2)
        self.deep_features = s3  # read by training-only auxiliary heads (solar); not part of the export
        y = self.d2(self._up(self.l3(s3), s2) + s2)
        y = self.d1(self._up(self.l2(y), s1) + s1)
        y = self.d0(self._up(self.l1(y), s0) + s0)
        y = self.head(y)
        return F.interpolate(y, scale_factor=2.0, mode="bilinear", align_corners=False)


class MeanOfProbabilities(nn.Module):
    """A seed ensemble as one network: logits whose sigmoid is the mean of the members' probabilities (Exported
    applies the sigmoid), so the runtime reads it like any single model."""

    def __init__(self, members: list[nn.Module]):
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x):
        p = torch.stack([torch.sigmoid(m(x)) for m in self.members]).mean(0).clamp(1e-6, 1 - 1e-6)
        return torch.log(p) - torch.log1p(-p)


class Exported(nn.Module):
    """What goes into the ONNX file: RGB 0..1 in, probabilities out."""

    def __init__(self, net: nn.Module):
        super().__init__()
        self.net = net
        self.register_buffer("mean", torch.tensor(MEAN).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor(STD).view(1, 3, 1, 1))

    def forward(self, x):
        return torch.sigmoid(self.net((x - self.mean) / self.std))


def normalise(x: torch.Tensor) -> torch.Tensor:
    mean = torch.tensor(MEAN, dtype=x.dtype, device=x.device).view(1, 3, 1, 1)
    std = torch.tensor(STD, dtype=x.dtype, device=x.device).view(1, 3, 1, 1)
    return (x - mean) / std


def count_params(m: nn.Module) -> int:
    return sum(p.numel() for p in m.parameters())


def export_onnx(net: nn.Module, path: Path) -> None:
    import onnx

    net = net.eval()
    wrapped = Exported(net).eval()
    dummy = torch.rand(1, 3, 256, 256)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.onnx")
    torch.onnx.export(
        wrapped,
        dummy,
        str(tmp),
        input_names=["image"],
        output_names=["probability"],
        dynamic_axes={"image": {0: "n", 2: "h", 3: "w"}, "probability": {0: "n", 2: "h", 3: "w"}},
        opset_version=17,
        do_constant_folding=True,
        dynamo=False,
    )
    model = onnx.load(str(tmp))
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    tmp.unlink()


# ----------------------------------------------------------------------------------------------------------------
# Runtime emulation: what the TypeScript side does, reproduced here so the numbers are the numbers it will get.


def pad_to_multiple(img: np.ndarray, m: int = 16) -> tuple[np.ndarray, int, int]:
    """Pad bottom/right with edge replication to a multiple of m (the runtime contract: 'runtime pads')."""
    h, w = img.shape[:2]
    ph, pw = (-h) % m, (-w) % m
    if ph or pw:
        pads = ((0, ph), (0, pw)) + ((0, 0),) * (img.ndim - 2)
        img = np.pad(img, pads, mode="edge")
    return img, h, w


class OnnxRunner:
    def __init__(self, path: Path, threads: int = 1):
        import onnxruntime as ort

        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.sess = ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])

    def __call__(self, rgb_u8: np.ndarray, tile: int = 256, overlap: int = 32) -> np.ndarray:
        """Probability map (H, W) for an RGB uint8 image at the model's GSD. Images whose sides both fit in
        `tile` + 2*overlap run whole (padded); larger ones run as overlapping tiles whose borders are discarded."""
        h, w = rgb_u8.shape[:2]
        x = rgb_u8.astype(np.float32) / 255.0
        if h <= tile + 2 * overlap and w <= tile + 2 * overlap:
            return self._run(x)
        out = np.zeros((h, w), np.float32)
        step = tile
        for y0 in range(0, h, step):
            for x0 in range(0, w, step):
                y1, x1 = min(y0 + step, h), min(x0 + step, w)
                ya, xa = max(0, y0 - overlap), max(0, x0 - overlap)
                yb, xb = min(h, y1 + overlap), min(w, x1 + overlap)
                p = self._run(x[ya:yb, xa:xb])
                out[y0:y1, x0:x1] = p[y0 - ya : y1 - ya, x0 - xa : x1 - xa]
        return out

    def _run(self, x: np.ndarray) -> np.ndarray:
        xp, h, w = pad_to_multiple(x, 16)
        inp = np.ascontiguousarray(xp.transpose(2, 0, 1)[None])
        p = self.sess.run(None, {"image": inp})[0]
        return p[0, 0, :h, :w]


def write_manifest_entry(entry: dict) -> None:
    """Insert/replace one entry (by name) in server/analyzer/models/manifest.json, keeping a stable order."""
    order = ["building", "pool", "tree", "solar", "power_line", "roof_style"]
    path = MODELS_DIR / "manifest.json"
    entries = json.loads(path.read_text()) if path.exists() else []
    entries = [e for e in entries if e["name"] != entry["name"]] + [entry]
    entries.sort(key=lambda e: order.index(e["name"]) if e["name"] in order else 99)
    path.write_text(json.dumps(entries, indent=2) + "\n")


class Timer:
    def __init__(self):
        self.t0 = time.time()

    def __call__(self) -> float:
        return time.time() - self.t0


# ----------------------------------------------------------------------------------------------------------------
# Training loop pieces


def one_cycle(net: nn.Module, steps: int, lr: float = 3e-3):
    """AdamW with a one-cycle schedule, the set-up every script here trains with."""
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    return opt, torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)


def soft_dice(p: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return 1 - (2 * (p * y).sum() + 1) / (p.sum() + y.sum() + 1)


def apply_step(opt, sched, loss: torch.Tensor) -> None:
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
