import torch.nn as nn
from conv_lstm import ConvLSTM, ConvLSTMCell

model = nn.ModuleDict(
    {
        "encoder": ConvLSTM(3, 32, 5, num_layers=2, bias=False, return_all_layers=True),
        "decoder_cell": ConvLSTMCell(input_dim=32, hidden_dim=32, kernel_size=3, bias=True),
        "head": nn.Conv2d(32, 3, 1),
    }
)
