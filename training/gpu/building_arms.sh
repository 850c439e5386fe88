#!/bin/bash
# Trains building-map candidates side by side on one lent GPU machine (decision 013p): each arm trains the footprint
# samples for P1 seconds, then fine-tunes with the Fresno boxes and painted tarps for P2 seconds (the committed
# recipe's two phases, by the clock instead of by step count), and its checkpoint comes back as $OUT/NAME.pt with one
# shared log. Run training/gpu/pack_building_data.py first and carry ["gpudata"]; locally:
#   DEV=cpu P1=15 P2=10 W=1 PY=training/.venv/bin/python ARMS="A:16,32,64,128:1,2,3,3:4321" training/gpu/building_arms.sh
# ARMS: space-separated NAME:CHANNELS:DEPTHS:SEED[:JKPG_SHARE] (the share of footprint crops from the Barnarp tiles,
# --jkpg-share; default 0). Export one checkpoint or a seed ensemble with
#   training/gpu/export_building.py OUT.onnx CHANNELS:DEPTHS=NAME.pt [...]
set -u
cd "$(dirname "$0")/../.."
export AERISK_EVAL_DIR=$PWD/gpudata/eval AERISK_BUILDINGS_DIR=$PWD/gpudata/buildings_ext AERISK_JKPG_DIR=$PWD/gpudata/jkpg PYTHONUNBUFFERED=1 OMP_NUM_THREADS=1 CUBLAS_WORKSPACE_CONFIG=:4096:8
DEV=${DEV:-cuda}; P1=${P1:-240}; P2=${P2:-120}; W=${W:-2}; OUT=${OUT:-/tmp/gpuout}; PY=${PY:-python3}
mkdir -p "$OUT"
nvidia-smi -L 2>/dev/null
$PY -c "import torch, cv2, onnx, numpy; print(torch.__version__, torch.cuda.is_available(), cv2.__version__, numpy.__version__)"
arm() {
  local name=$1 arch=$2 seed=$3 share=${4:-0}
  $PY training/train_building.py --device "$DEV" --workers "$W" --budget-s "$P1" --arch "$arch" --seed "$seed" \
    --jkpg-share "$share" --out "/tmp/arms/$name/base" --no-eval 2>&1 | grep --line-buffered -v NNPACK | sed -u "s/^/$name base /" >> "$OUT/train.log"
  $PY training/train_building.py --device "$DEV" --workers "$W" --budget-s "$P2" --arch "$arch" --seed "$seed" \
    --jkpg-share "$share" --init "/tmp/arms/$name/base/building.pt" --boxed 2 --tarps 0.25 --lr 1e-3 --out "/tmp/arms/$name/ft" --no-eval 2>&1 |
    grep --line-buffered -v NNPACK | sed -u "s/^/$name ft /" >> "$OUT/train.log"
  cp "/tmp/arms/$name/ft/building.pt" "$OUT/$name.pt" && echo "$name done" >> "$OUT/train.log"
}
for spec in ${ARMS:-A:16,32,64,128:1,2,3,3:4321 C:32,64,128,192:1,2,3,3:4321 E:48,96,192,256:2,2,4,4:4321}; do
  IFS=: read -r name ch depth seed share <<< "$spec"
  arm "$name" "$ch:$depth" "$seed" "${share:-0}" &
done
wait
grep -h "trained\|holdout\|done\|Error\|error" "$OUT/train.log" | tail -40
