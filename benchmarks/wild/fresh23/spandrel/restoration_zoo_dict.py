"""A restoration toolbox: several spandrel networks held in one ModuleDict, chosen per task at run time."""

from spandrel.architectures.DnCNN import DnCNN
from spandrel.architectures.PLKSR import PLKSR
from torch import nn

zoo = {
    "denoise_gray": (DnCNN, dict(in_nc=1, out_nc=1, nc=16, nb=5)),
    "denoise_color": (DnCNN, dict(in_nc=3, out_nc=3, nc=16, nb=4, mode="FDnCNN")),
    "upscale_x2": (
        PLKSR,
        dict(dim=16, n_blocks=3, upscaling_factor=2, kernel_size=9, split_ratio=0.25),
    ),
}
model = nn.ModuleDict({task: cls(**kwargs) for task, (cls, kwargs) in zoo.items()})
