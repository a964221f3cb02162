from equiformer_pytorch import Equiformer

model = Equiformer(
    num_tokens=24,
    dim=(16, 8, 4),
    dim_head=(8, 4, 2),
    heads=(2, 2, 2),
    num_degrees=3,
    depth=2,
    reduce_dim_out=True,
    num_neighbors=8,
)
