import torch_dimensions as td

model = td.S4DND(d_model=16, n_layers=2, dim=2, shape=(8, 8), d_state=16, portable=True)
