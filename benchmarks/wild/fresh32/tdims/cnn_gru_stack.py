import torch.nn as nn
import torch_dimensions as td

model = nn.Sequential(
    td.CNN(d_model=24, n_layers=2, kernel_size=5, depthwise=True, dilation_base=2),
    td.GRU(d_model=24, n_layers=1, bidirectional=True),
)
