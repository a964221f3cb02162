#!/usr/bin/env bash
# Install the wild-code corpus's model libraries without replacing the CPU torch (see requirements.txt).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python -c "import torch; assert torch.__version__.startswith('2.13.0'), torch.__version__"
# the "fresh5 only" ... "fresh39 only" sections (from their header to the next blank line) go to
# .vendor, below
without_fresh5() { awk '/^# fresh([56789]|1[0-9]|2[0-9]|3[0-9]) only/{skip=1} skip && /^$/{skip=0} !skip' "$1"; }
fresh5_only() { sed -n '/^# fresh5 only/,/^$/p' "$1" | grep '==' | grep -v -E '^peft=='; }
without_fresh5 "$here/requirements-deps.txt" > /tmp/wild-deps.txt
pip install -q -r /tmp/wild-deps.txt
# torchvision and torchaudio: their PyPI wheels are CUDA builds; they go to a folder of their own
# (benchmarks/wild/.vendor, read by the analyzer and, through shim.py, the truth builder), never
# into the environment where `import transformers` must keep working
without_fresh5 "$here/requirements.txt" | grep -v -E '^(torchvision|torchaudio)==' > /tmp/wild-reqs.txt
pip install -q --no-deps -r /tmp/wild-reqs.txt
pip install -q --no-deps --target "$here/.vendor" \
    $(grep -E '^(torchvision|torchaudio)==' "$here/requirements.txt")
# the fifth fresh batch's libraries and their torch-free dependencies, --no-deps into .vendor
# (session 12): the base environment is shared and left as it is; peft is a project dependency
{ fresh5_only "$here/requirements-deps.txt"; fresh5_only "$here/requirements.txt"; } > /tmp/wild-fresh5.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh5.txt
# the sixth fresh batch's libraries (session 13), the same way; it has no torch-free extras
sed -n '/^# fresh6 only/,/^$/p' "$here/requirements.txt" | grep '==' > /tmp/wild-fresh6.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh6.txt
# the seventh batch's libraries (session 14) and its one torch-free extra (h5py), the same way
{ sed -n '/^# fresh7 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh7 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh7.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh7.txt
# the eighth batch's libraries (session 15), the same way; it has no torch-free extras
sed -n '/^# fresh8 only/,/^$/p' "$here/requirements.txt" | grep '==' > /tmp/wild-fresh8.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh8.txt
# the ninth batch's libraries (session 16) and its torch-free extras, the same way
{ sed -n '/^# fresh9 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh9 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh9.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh9.txt
# the tenth batch's libraries (session 16) and its torch-free extras, the same way
{ sed -n '/^# fresh10 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh10 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh10.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh10.txt
# the eleventh batch's libraries (session 17) and its torch-free extras, the same way
{ sed -n '/^# fresh11 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh11 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh11.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh11.txt
# the twelfth batch's libraries (session 18; no torch-free extras: pytorch-lightning, which torchdyn
# imports, is torch-dependent and listed in the same section), the same way
{ sed -n '/^# fresh12 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh12 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh12.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh12.txt
# the thirteenth batch's libraries (session 18) and its torch-free extras (fastprogress, pot), the same way
{ sed -n '/^# fresh13 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh13 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh13.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh13.txt
# the fourteenth batch's libraries (session 19) and its torch-free extras (pbr, nir, pretab,
# properscoring), the same way; elegantrl 0.3.6 and wavenet_vocoder 0.1.1 are sdists (built here)
{ sed -n '/^# fresh14 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh14 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh14.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh14.txt
# the fifteenth batch's libraries (session 19) and its torch-free extra (literate-dataclasses), the same way
{ sed -n '/^# fresh15 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh15 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh15.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh15.txt
# the sixteenth batch's libraries (session 20) and its torch-free extras (seaborn, ordered-set), the same
# way; norse 1.1.0, rockpool 3.1.0 and neurodiffeq 0.7.0 are sdists (built here)
{ sed -n '/^# fresh16 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh16 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh16.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh16.txt
# the seventeenth batch's libraries (session 20), the same way (no torch-free extras)
sed -n '/^# fresh17 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh17.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh17.txt
# the eighteenth batch's libraries (session 21) and their torch-free extra (pyre-extensions), the same way
sed -n '/^# fresh18 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh18.txt
sed -n '/^# fresh18 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh18.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh18.txt
# the nineteenth batch's libraries (session 21) and their torch-free extras (assoc-scan, mean-conc-beta)
sed -n '/^# fresh19 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh19.txt
sed -n '/^# fresh19 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh19.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh19.txt
# the twentieth batch's libraries (session 22) and their torch-free extra (pytorch-warmup)
sed -n '/^# fresh20 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh20.txt
sed -n '/^# fresh20 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh20.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh20.txt
# the twenty-first batch's libraries (session 23) and their torch-free extras (gym 0.26.2 is an sdist)
sed -n '/^# fresh21 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh21.txt
sed -n '/^# fresh21 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh21.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh21.txt
# the twenty-second batch's libraries (session 23); their torch-free imports are already above
sed -n '/^# fresh22 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh22.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh22.txt
# the twenty-third batch's libraries (session 24) and their torch-free extra (cjm-psl-utils)
sed -n '/^# fresh23 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh23.txt
sed -n '/^# fresh23 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh23.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh23.txt
# the twenty-fourth batch's libraries (session 25) and their extra (pytorch-msssim)
sed -n '/^# fresh24 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh24.txt
sed -n '/^# fresh24 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh24.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh24.txt
# the twenty-fifth batch's libraries (session 26) and their torch-free extra (scikit-base)
sed -n '/^# fresh25 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh25.txt
sed -n '/^# fresh25 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh25.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh25.txt
# the twenty-sixth batch's libraries (session 27) and their torch-free extras (ase, sentencepiece, sphn,
# class-resolver, pystow, docdata, more-click, more-itertools, click-default-group)
sed -n '/^# fresh26 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh26.txt
sed -n '/^# fresh26 only/,/^$/p' "$here/requirements-deps.txt" | grep -v '^#' | grep '==' >> /tmp/wild-fresh26.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh26.txt
# the twenty-seventh batch's libraries (session 28); their torch-free imports are already above
sed -n '/^# fresh27 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh27.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh27.txt
# the twenty-eighth batch's libraries (session 29); their torch-free imports are already above
sed -n '/^# fresh28 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh28.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh28.txt
# the twenty-ninth batch's libraries (session 30); their torch-free imports are already above
sed -n '/^# fresh29 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh29.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh29.txt
# the thirtieth batch's libraries (session 31); their torch-free imports are already above
sed -n '/^# fresh30 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh30.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh30.txt
# the thirty-first batch's libraries (session 32); their torch-free imports are already above
sed -n '/^# fresh31 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh31.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh31.txt
# the thirty-second batch's libraries (session 33); their torch-free imports are already above
sed -n '/^# fresh32 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh32.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh32.txt
# the thirty-third batch's libraries (session 34); their torch-free imports are already above
sed -n '/^# fresh33 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh33.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh33.txt
# the thirty-fourth batch's libraries and darts' torch-free import (session 35)
{ sed -n '/^# fresh34 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh34 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh34.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh34.txt
# the thirty-fifth batch's libraries and their small torch-free imports (session 36)
{ sed -n '/^# fresh35 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh35 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh35.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh35.txt
# the thirty-sixth batch's libraries and their small imports (session 37)
{ sed -n '/^# fresh36 only/,/^$/p' "$here/requirements-deps.txt"; sed -n '/^# fresh36 only/,/^$/p' "$here/requirements.txt"; } \
    | grep -v '^#' | grep '==' > /tmp/wild-fresh36.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh36.txt
# the thirty-seventh batch's libraries (session 38; their imports are in the base environment or .vendor)
sed -n '/^# fresh37 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh37.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh37.txt
# the thirty-eighth batch's libraries and their small pure-Python imports (session 39)
sed -n '/^# fresh38 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh38.txt
pip install -q --no-deps --target "$here/.vendor" -r /tmp/wild-fresh38.txt
# the thirty-ninth batch's libraries and their small pure-Python imports (session 40): into a temporary
# target first, then only new folders are copied, without the generic top-level folders some wheels ship
# (utils, configs, benchmarks, sota-*, bin), which would shadow other code on .vendor's path
sed -n '/^# fresh39 only/,/^$/p' "$here/requirements.txt" | grep -v '^#' | grep '==' > /tmp/wild-fresh39.txt
rm -rf /tmp/wild-fresh39-target
pip install -q --no-deps --target /tmp/wild-fresh39-target -r /tmp/wild-fresh39.txt
for d in /tmp/wild-fresh39-target/*; do
    case "$(basename "$d")" in utils | configs | benchmarks | bin | sota-*) continue ;; esac
    [ -e "$here/.vendor/$(basename "$d")" ] || cp -r "$d" "$here/.vendor/"
done
python -c "import torch; assert torch.__version__.startswith('2.13.0'), 'torch was replaced: ' + torch.__version__"
