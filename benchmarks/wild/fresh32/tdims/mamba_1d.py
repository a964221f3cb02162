import torch_dimensions as td

model = td.Mamba(d_model=32, n_layers=2, d_state=8, d_conv=4, expand=2, portable=True)
