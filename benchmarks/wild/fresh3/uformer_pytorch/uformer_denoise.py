from uformer_pytorch import Uformer

model = Uformer(dim=32, stages=3, num_blocks=1, window_size=8, dim_head=16, heads=2, ff_mult=2)
