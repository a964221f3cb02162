import importlib.abc
import importlib.machinery
import sys

import torch

_tv = torch.library.Library("torchvision", "DEF")
_tv.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
_tv.define("qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
_orig = torch.ops.load_library


def _load(path):
    if "torchvision" in str(path):
        raise OSError("CUDA build of torchvision's ops: not loadable on CPU torch")
    return _orig(path)


torch.ops.load_library = _load


class _AudioNoExt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != "torchaudio._extension.utils":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        real = spec.loader.exec_module

        def exec_module(module):
            real(module)
            module._load_lib = lambda lib: False

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _AudioNoExt())
