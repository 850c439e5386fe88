"""Rebuild a PyTorch checkpoint of a committed TinyUNet model from its ONNX file, for `--init` fine-tuning.

Why: checkpoints live in the gitignored `training/work/`, so a fresh clone has only the exported ONNX files. The
export folds each BatchNorm into the convolution before it, so the rebuilt network carries the folded weights in
its convolutions and identity BatchNorms (weight 1, mean 0, variance 1 − eps, the folded bias as BatchNorm bias).
Fine-tune such a network with its BatchNorms frozen (`--freeze-bn` in train_building.py): in training mode they
would normalise by batch statistics the folded weights were never trained for.

The convolutions are matched in order (the ONNX graph's Conv nodes against the network's calls in a forward pass)
and by shape; the script checks that the rebuilt network and onnxruntime agree on a random input.

Usage: training/.venv/bin/python training/checkpoint_from_onnx.py building|solar [--out training/work/building_from_onnx.pt]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper

import train_building
import train_solar
from common import MODELS_DIR, WORK_DIR, Exported, MeanOfProbabilities, OnnxRunner, TinyUNet

# The architectures of the committed models, from their training scripts.
ARCH = {"building": train_building.ARCH, "solar": train_solar.ARCH}


def conv_call_order(net: torch.nn.Module, size: int = 64) -> list[torch.nn.Conv2d]:
    order: list[torch.nn.Conv2d] = []
    hooks = [m.register_forward_hook(lambda m, i, o: order.append(m)) for m in net.modules() if isinstance(m, torch.nn.Conv2d)]
    with torch.no_grad():
        net.eval()(torch.zeros(1, 3, size, size))
    for h in hooks:
        h.remove()
    return order


def rebuild(name: str) -> list[torch.nn.Module]:
    """The networks of the ONNX file: one, or each member of a seed ensemble (its Conv nodes come member by member)."""
    ch, depth = ARCH[name]
    model = onnx.load(str(MODELS_DIR / f"{name}.onnx"))
    inits = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    convs = [n for n in model.graph.node if n.op_type == "Conv"]
    n = len(conv_call_order(TinyUNet(ch, depth)))
    if len(convs) % n:
        sys.exit(f"{len(convs)} Conv nodes in the ONNX graph, not a multiple of the network's {n} convolutions")
    return [rebuild_one(TinyUNet(ch, depth), convs[k : k + n], inits) for k in range(0, len(convs), n)]


def rebuild_one(net: torch.nn.Module, convs: list, inits: dict) -> torch.nn.Module:
    order = conv_call_order(net)
    bn_after = {}
    for m in net.modules():
        if isinstance(m, torch.nn.Sequential):
            kids = list(m)
            for a, b in zip(kids, kids[1:]):
                if isinstance(a, torch.nn.Conv2d) and isinstance(b, torch.nn.BatchNorm2d):
                    bn_after[a] = b
    for node, conv in zip(convs, order):
        w = torch.from_numpy(inits[node.input[1]].copy())
        b = torch.from_numpy(inits[node.input[2]].copy()) if len(node.input) > 2 else torch.zeros(w.shape[0])
        if w.shape != conv.weight.shape:
            sys.exit(f"shape mismatch at {node.name}: {tuple(w.shape)} vs {tuple(conv.weight.shape)}")
        with torch.no_grad():
            conv.weight.copy_(w)
            bn = bn_after.get(conv)
            if bn is not None:
                bn.weight.fill_(1.0)
                bn.bias.copy_(b)
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
            elif conv.bias is not None:
                conv.bias.copy_(b)
            else:
                sys.exit(f"{node.name}: a bias with nowhere to go")
    return net.eval()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("name", choices=sorted(ARCH))
    ap.add_argument("--out", type=Path, default=None, help="the checkpoint (member k of an ensemble: its name with _k)")
    args = ap.parse_args()
    nets = rebuild(args.name)
    net = nets[0] if len(nets) == 1 else MeanOfProbabilities(nets).eval()
    x = np.random.default_rng(0).random((1, 3, 128, 160), dtype=np.float32)
    runner = OnnxRunner(MODELS_DIR / f"{args.name}.onnx")
    want = runner.sess.run(None, {runner.sess.get_inputs()[0].name: x})[0]
    with torch.no_grad():
        got = Exported(net).eval()(torch.from_numpy(x)).numpy()
    err = float(np.abs(got - want).max())
    print(f"max |torch − onnxruntime| = {err:.2e}")
    if err > 1e-4:
        sys.exit("the rebuilt network does not reproduce the ONNX model")
    out = args.out or WORK_DIR / f"{args.name}_from_onnx.pt"
    out.parent.mkdir(parents=True, exist_ok=True)
    for k, member in enumerate(nets):
        path = out if len(nets) == 1 else out.with_name(f"{out.stem}_{k}{out.suffix}")
        torch.save(member.state_dict(), path)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
