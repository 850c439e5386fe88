"""Copy what train_building.py reads into gpudata/ (gitignored), so that a lent GPU machine gets it with the working tree.

The device tool sends the checkout and the paths named in `carry` (64 MiB in all), not ../shared beside it; this
folder holds the building samples the script uses (training/work/buildings_ext, extracted as training/README.md says),
a third of the Cannes training tiles whose pool masks serve as negatives (every 3rd, to fit), the building-free
frames, the Fresno tiles with boxes, a trimmed training manifest and, when extracted (training/README.md), the Barnarp
tiles for --jkpg-share (images re-encoded as JPEG quality 88 to fit; masks as they are). training/gpu/building_arms.sh
points the training script at it with AERISK_EVAL_DIR, AERISK_BUILDINGS_DIR and AERISK_JKPG_DIR.

Usage: training/.venv/bin/python training/gpu/pack_building_data.py   (then carry ["gpudata"] in the device call)
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from common import REPO, TRAIN_DIR, WORK_DIR  # noqa: E402

OUT = REPO / "gpudata"
SAMPLES = ("data", "datasets/inria", "datasets/crowdai", "datasets/nzlnd", "datasets/spacenet", "datasets/whu_east_asia")
POOL_TILE_EVERY = 3


def copy(rel: str) -> None:
    dst = OUT / "eval/train" / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(TRAIN_DIR / rel, dst)


def main() -> None:
    src = WORK_DIR / "buildings_ext"
    if not (src / "data").is_dir():
        sys.exit(f"building samples not found in {src}: extract them first (training/README.md)")
    shutil.rmtree(OUT, ignore_errors=True)
    for rel in SAMPLES:
        shutil.copytree(src / rel, OUT / "buildings_ext" / rel)
    excluded = {r["file"].removeprefix("train/") for r in json.loads((REPO / "tests/eval/property.json").read_text())}
    kept, seen = [], 0
    for r in json.loads((TRAIN_DIR / "manifest.json").read_text()):
        f = r["file"]
        bm = r.get("boxes_or_masks") or {}
        if not f.startswith("pools_kOussama_cannes/") or f in excluded or not bm.get("mask"):
            continue
        if r.get("label_quality") == "source_mask_empty_boxes_only":
            continue
        seen += 1
        if seen % POOL_TILE_EVERY:
            continue
        kept.append(r)
        copy(f)
        copy(bm["mask"])
    (OUT / "eval/train/manifest.json").write_text(json.dumps(kept))
    for p in sorted((TRAIN_DIR / "powerlines_pldm/images").glob("*.jpg")):
        copy(f"powerlines_pldm/images/{p.name}")
    for name in ("building_free", "fresno_buildings"):
        for r in json.loads((REPO / "training/labels" / f"{name}.json").read_text())["images"]:
            copy(r["file"])
    jk = WORK_DIR / "jkpg/data"
    if (jk / "training_raw_data").is_dir():
        import cv2

        for sub in ("training_raw_data", "training_label_data"):
            (OUT / "jkpg" / sub).mkdir(parents=True, exist_ok=True)
        for p in sorted((jk / "training_raw_data").glob("*.png")):
            cv2.imwrite(str(OUT / "jkpg/training_raw_data" / f"{p.stem}.jpg"), cv2.imread(str(p)), [cv2.IMWRITE_JPEG_QUALITY, 88])
            m = cv2.imread(str(jk / "training_label_data" / p.name), cv2.IMREAD_GRAYSCALE)
            cv2.imwrite(str(OUT / "jkpg/training_label_data" / p.name), ((m > 127) * 255).astype("uint8"))
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"{OUT}: {len(kept)} of {seen} pool tiles, {size / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
