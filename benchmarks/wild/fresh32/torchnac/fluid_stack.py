from torch_nac import FLUID

model = FLUID(
    d_model=16,
    num_heads=2,
    ff_dim=32,
    topk=4,
    expansion_rate=2,
    num_layers=2,
    max_len=64,
    input_dim=8,
)
