from uformer_pytorch import Uformer

model = Uformer(
    dim=16,
    stages=4,
    num_blocks=(1, 1, 2, 2),
    dim_head=(8, 16, 16, 32),
    window_size=(16, 8, 8, 4),
    heads=(1, 2, 4, 4),
)
