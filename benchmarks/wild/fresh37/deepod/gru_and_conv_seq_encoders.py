# two DeepOD sequence encoders side by side: a stacked GRU and NeurTraL-AD's conv encoder
import torch.nn as nn
from deepod.core.networks.base_networks import ConvSeqEncoder, GRUNet

model = nn.ModuleDict(
    {
        "gru": GRUNet(n_features=4, n_hidden="32,32", n_output=16, bias=True),
        "conv": ConvSeqEncoder(n_features=4, n_hidden="64", n_output=16, n_layers=3, seq_len=40),
    }
)
