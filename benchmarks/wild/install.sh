#!/usr/bin/env bash
# Install the wild-code corpus's model libraries without replacing the CPU torch (see requirements.txt).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python -c "import torch; assert torch.__version__.startswith('2.13.0'), torch.__version__"
pip install -q -r "$here/requirements-deps.txt"
pip install -q --no-deps -r "$here/requirements.txt"
python -c "import torch; assert torch.__version__.startswith('2.13.0'), 'torch was replaced: ' + torch.__version__"
