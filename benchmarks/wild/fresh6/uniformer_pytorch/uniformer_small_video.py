"""UniFormer (local then global relation aggregators) for video classification, small."""

from uniformer_pytorch import Uniformer

model = Uniformer(
    num_classes=10,
    dims=(32, 64, 128, 256),
    depths=(1, 2, 2, 1),
    mhsa_types=("l", "l", "g", "g"),
    dim_head=32,
)
