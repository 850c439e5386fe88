"""Cheap, deterministic (Generator-driven) augmentations for aerial RGB uint8 images and their targets."""
from __future__ import annotations

import cv2
import numpy as np


def geometric(rng: np.random.Generator, *arrays: np.ndarray) -> list[np.ndarray]:
    """Same random flip / 90-degree rotation on every array (nadir imagery has no preferred orientation)."""
    k = int(rng.integers(4))
    flip = bool(rng.integers(2))
    out = []
    for a in arrays:
        a = np.rot90(a, k, axes=(0, 1))
        if flip:
            a = a[:, ::-1]
        out.append(np.ascontiguousarray(a))
    return out


def photometric(rng: np.random.Generator, img: np.ndarray, strength: float = 1.0, hue_deg: float = 4.0) -> np.ndarray:
    """Brightness/contrast/saturation/gamma jitter, small hue shift, occasional blur and noise.
    Hue stays small on purpose: a large hue shift turns lawns and roofs into pool-blue and teaches nonsense."""
    x = img.astype(np.float32) / 255.0
    if hue_deg > 0 and rng.random() < 0.5:
        hsv = cv2.cvtColor(x, cv2.COLOR_RGB2HSV)
        hsv[..., 0] = (hsv[..., 0] + rng.uniform(-hue_deg, hue_deg)) % 360.0
        hsv[..., 1] = np.clip(hsv[..., 1] * rng.uniform(1 - 0.3 * strength, 1 + 0.3 * strength), 0, 1)
        x = cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)
    mean = x.mean()
    x = (x - mean) * rng.uniform(1 - 0.3 * strength, 1 + 0.3 * strength) + mean
    x = x * rng.uniform(1 - 0.25 * strength, 1 + 0.25 * strength)
    x = x + rng.uniform(-0.03, 0.03, size=3).astype(np.float32) * strength  # white-balance drift
    x = np.clip(x, 0, 1)
    if rng.random() < 0.3:
        x = np.power(x, rng.uniform(0.75, 1.33))
    if rng.random() < 0.2:
        s = rng.uniform(0.4, 1.2)
        x = cv2.GaussianBlur(x, (0, 0), s)
    if rng.random() < 0.2:
        x = x + rng.normal(0, rng.uniform(0.005, 0.025), x.shape).astype(np.float32)
    return (np.clip(x, 0, 1) * 255.0 + 0.5).astype(np.uint8)


def random_crop(rng: np.random.Generator, size: int, *arrays: np.ndarray, pad_mode: str = "reflect") -> list[np.ndarray]:
    """Random size x size crop of the same window in every array; pads (reflect) when an array is smaller."""
    h, w = arrays[0].shape[:2]
    ph, pw = max(0, size - h), max(0, size - w)
    if ph or pw:
        t, l = int(rng.integers(ph + 1)), int(rng.integers(pw + 1))
        padded = []
        for a in arrays:
            pads = ((t, ph - t), (l, pw - l)) + ((0, 0),) * (a.ndim - 2)
            # masks are padded with zeros-by-reflection too, which keeps the label consistent with the pixels
            padded.append(np.pad(a, pads, mode=pad_mode))
        arrays = tuple(padded)
        h, w = arrays[0].shape[:2]
    y = int(rng.integers(h - size + 1))
    x = int(rng.integers(w - size + 1))
    return [a[y : y + size, x : x + size] for a in arrays]


def rescale(img: np.ndarray, scale: float, is_mask: bool = False) -> np.ndarray:
    if abs(scale - 1) < 1e-3:
        return img
    h, w = img.shape[:2]
    nw, nh = max(1, int(round(w * scale))), max(1, int(round(h * scale)))
    if is_mask:
        return cv2.resize(img.astype(np.float32), (nw, nh), interpolation=cv2.INTER_LINEAR)
    return cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
