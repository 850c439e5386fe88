#!/bin/bash
# Trains roof-shape candidates side by side on one lent GPU machine (decision 013t, measured and not used): each arm is
# train_roof_cnn.py from the building map's first member with its own seed and epoch count, on one fixed held-out
# split, and its ONNX file comes back as $OUT/NAME.onnx with one shared log. Carry ["training/work/rooftop",
# "training/work/bmember_0.pt"] (checkpoint_from_onnx.py building --out training/work/bmember.pt makes the second);
# locally: DEV=cpu ARMS="A:1:1" training/gpu/roof_shape_arms.sh
# ARMS: space-separated NAME:SEED:EPOCHS.
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1 OMP_NUM_THREADS=2
DEV=${DEV:-cuda}; OUT=${OUT:-/tmp/gpuout}; PY=${PY:-python3}; LR=${LR:-1e-3}
mkdir -p "$OUT"
nvidia-smi -L 2>/dev/null
$PY -c "import torch, cv2, onnx, numpy; print(torch.__version__, torch.cuda.is_available(), cv2.__version__, numpy.__version__)"
for spec in ${ARMS:-A:1:20}; do
  IFS=: read -r name seed epochs <<< "$spec"
  $PY training/train_roof_cnn.py --init-building training/work/bmember_0.pt --device "$DEV" --seed "$seed" --split-seed 1 \
    --epochs "$epochs" --lr "$LR" --out "$OUT/$name.onnx" 2>&1 | grep --line-buffered -v NNPACK | sed -u "s/^/$name /" >> "$OUT/train.log" &
done
wait
grep -h "held-out crops\|wrote" "$OUT/train.log"
