#!/usr/bin/env bash
# Install the wild-code corpus's model libraries without replacing the CPU torch (see requirements.txt).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python -c "import torch; assert torch.__version__.startswith('2.13.0'), torch.__version__"
pip install -q -r "$here/requirements-deps.txt"
# torchvision and torchaudio: their PyPI wheels are CUDA builds; they go to a folder of their own
# (benchmarks/wild/.vendor, read by the analyzer and, through shim.py, the truth builder), never
# into the environment where `import transformers` must keep working
grep -v -E '^(torchvision|torchaudio)==' "$here/requirements.txt" > /tmp/wild-reqs.txt
pip install -q --no-deps -r /tmp/wild-reqs.txt
pip install -q --no-deps --target "$here/.vendor" \
    $(grep -E '^(torchvision|torchaudio)==' "$here/requirements.txt")
python -c "import torch; assert torch.__version__.startswith('2.13.0'), 'torch was replaced: ' + torch.__version__"
