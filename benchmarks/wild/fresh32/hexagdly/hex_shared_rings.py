import pytorch_hexagdly as hex
import torch.nn as nn

model = nn.ModuleDict(
    {
        "ring": hex.Conv2d(3, 8, kernel_size=2, share_neighbors="ring"),
        "diag": hex.Conv2d(8, 8, kernel_size=2, share_neighbors="diag", bias=False),
        "sym": hex.Conv2d(8, 4, kernel_size=2, share_neighbors="sym"),
        "pixels": hex.Conv2d(4, 4, kernel_size=5, kernel_size_unit="pixels"),
    }
)
