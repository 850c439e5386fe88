"""Export building checkpoints of any TinyUNet shape to one ONNX file, as the runtime reads it. Given several
checkpoints, the file holds them all and gives the mean of their probabilities (a seed ensemble, decision 013p).

Usage: training/.venv/bin/python training/gpu/export_building.py OUT.onnx CHANNELS:DEPTHS=CKPT.pt [...]
       [--manifest SECONDS]: OUT.onnx is the product's building.onnx; write its manifest entry (held-out IoU,
       training_seconds SECONDS) with train_building.TRAINED_ON
  e.g. export_building.py building.onnx 48,96,192,256:2,2,4,4=E.pt 48,96,192,256:2,2,4,4=F.pt
"""
from __future__ import annotations

import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from common import MeanOfProbabilities, TinyUNet, export_onnx  # noqa: E402
from train_building import holdout_items, parse_arch, write_entry  # noqa: E402


def main() -> None:
    args = sys.argv[1:]
    secs = None
    if "--manifest" in args:
        i = args.index("--manifest")
        secs = float(args[i + 1])
        del args[i : i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    out, specs = Path(args[0]), args[1:]
    members = []
    for spec in specs:
        arch, ckpt = spec.split("=")
        net = TinyUNet(*parse_arch(arch))
        net.load_state_dict(torch.load(ckpt, map_location="cpu"))
        members.append(net.eval())
    export_onnx(members[0] if len(members) == 1 else MeanOfProbabilities(members), out)
    print(f"exported {out} ({len(members)} member{'s' if len(members) > 1 else ''})")
    if secs is not None:
        write_entry(holdout_items(), secs)


if __name__ == "__main__":
    main()
