"""Image augmentations applied in ``__init__``, by shape: torchvision's (v1) transforms and
kornia's augmentations and blur filter.

SSL wrappers run ``self.forward(torch.randn(2, 3, s, s))`` in ``__init__`` to size a
projector (byol-pytorch, contrastive-learner, pixel-level-contrastive-learning), and that
forward first augments the dummy batch. The augmentation classes are read from source like
any module, but their bodies are random draws and pixel arithmetic the interpreter does not
follow (torchvision's ``F.adjust_hue``, kornia's parameter generators): the augmented
batch's shape came out unknown, and with it the projector. What those classes do to a
shape is simple and documented, so it is a table here: colour, flip, blur and
normalisation keep the shape; a (random-resized / centre) crop to ``size`` gives the last
two dims ``size``. Applied (``Names.module_on_shapes``) only to an instance of the listed
class itself (a subclass may override ``forward``: followed as before), only on the input
ranks and channel counts the library accepts (else the call is not decided here), and only
when the sizes it reads (``self.size``, kornia's ``flags["size"]``) are known. A pixel value
is never computed: shapes only, values unknown."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Obj, Tensor, plain

# torchvision.transforms (v1) on a tensor image ``[..., C, H, W]``; the value: the channel
# counts the class accepts (None: any)
_TV_SAME: dict[str, tuple[int, ...] | None] = {
    "ColorJitter": (1, 3),
    "RandomGrayscale": (1, 3),
    "RandomHorizontalFlip": None,
    "RandomVerticalFlip": None,
    "GaussianBlur": None,
    "Normalize": None,
    "RandomInvert": (1, 3),
    "RandomAutocontrast": (1, 3),
    "RandomAdjustSharpness": (1, 3),
    "RandomSolarize": (1, 3),
}
_TV_CROP = ("RandomResizedCrop", "CenterCrop", "Resize")
# kornia.augmentation on a batch ``(B, C, H, W)``
_K_SAME: dict[str, tuple[int, ...] | None] = {
    "ColorJitter": (3,),
    "ColorJiggle": (3,),
    "RandomGrayscale": (3,),
    "RandomHorizontalFlip": None,
    "RandomVerticalFlip": None,
    "RandomGaussianBlur": None,
    "Normalize": None,
    "RandomSolarize": None,
}


def _family(m: Obj) -> str | None:
    mod = m.cls.mod.name if m.cls is not None else ""
    if mod == "torchvision.transforms.transforms":
        return "tv"
    if mod.startswith("kornia.augmentation."):
        return "kornia"
    if mod.startswith("kornia.filters.") and m.cls.name == "GaussianBlur2d":
        return "kornia"
    return None


def output(m: Any, shapes: list[tuple]) -> Tensor | None:
    """The output of augmentation ``m`` on one tensor of shape ``shapes[0]``; None when ``m``
    is not in the table or the call is not one it decides."""
    if not isinstance(m, Obj) or m.cls is None or len(shapes) != 1:
        return None
    fam = _family(m)
    if fam is None:
        return None
    shp = tuple(plain(d) for d in shapes[0])
    name = m.cls.name
    if fam == "tv":
        if len(shp) < 3 or any(d <= 0 for d in shp):
            return None
        if name in _TV_SAME:
            chans = _TV_SAME[name]
            if chans is not None and shp[-3] not in chans:
                return None
            if name == "Normalize" and not _normalize_fits(m.attrs, shp[-3]):
                return None
            if name == "GaussianBlur" and not _blur_fits(m, shp):
                return None
            return Tensor(shp)
        if name in _TV_CROP:
            size = _pair(m.attrs.get("size"))
            if size is None or (name == "Resize" and plain(m.attrs.get("max_size")) is not None):
                return None
            return Tensor((*shp[:-2], *size))
        return None
    if len(shp) != 4 or any(d <= 0 for d in shp):  # kornia: a batch (B, C, H, W)
        return None
    if name == "GaussianBlur2d" or name in _K_SAME:
        chans = _K_SAME.get(name)
        if chans is not None and shp[1] not in chans:
            return None
        flags = plain(m.attrs.get("flags"))
        if name == "Normalize" and not (isinstance(flags, dict) and _normalize_fits(flags, shp[1])):
            return None
        return Tensor(shp)
    if name == "RandomResizedCrop":
        flags = plain(m.attrs.get("flags"))
        size = _pair(flags.get("size")) if isinstance(flags, dict) else None
        # ``p`` is kornia's ``p_batch``: below 1 the whole batch may come back uncropped
        if size is None or plain(m.attrs.get("p_batch")) != 1.0:
            return None
        return Tensor((shp[0], shp[1], *size))
    return None


def _pair(v: Any) -> tuple[int, int] | None:
    v = plain(v)
    if isinstance(v, (list, tuple)) and len(v) == 2:
        a, b = plain(v[0]), plain(v[1])
        if type(a) is int and type(b) is int and a > 0 and b > 0:
            return (a, b)
    return None


def _normalize_fits(stats: dict, c: int) -> bool:
    """``(x - mean) / std`` broadcasts ``mean`` as ``(L, 1, 1)``: L must be 1 or C."""
    for key in ("mean", "std"):
        v = plain(stats.get(key))
        if isinstance(v, Tensor):
            n = plain(v.shape[0]) if isinstance(v.shape, tuple) and len(v.shape) == 1 else None
        elif isinstance(v, (list, tuple)):
            n = len(v)
        else:
            n = None
        if n not in (1, c):
            return False
    return True


def _blur_fits(m: Obj, shp: tuple) -> bool:
    """Reflect padding of ``kernel // 2`` needs each padded side shorter than the dim."""
    k = _pair(m.attrs.get("kernel_size"))
    return k is not None and max(k) // 2 < min(shp[-2], shp[-1])
