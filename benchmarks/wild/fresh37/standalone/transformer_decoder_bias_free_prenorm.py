# nn.TransformerDecoder from a bias-free, pre-norm layer; final norm shared settings
import torch.nn as nn

d_model, nhead = 160, 5
layer = nn.TransformerDecoderLayer(
    d_model,
    nhead,
    dim_feedforward=3 * d_model,
    dropout=0.0,
    batch_first=True,
    norm_first=True,
    bias=False,
)
model = nn.ModuleDict(
    {
        "embed": nn.Embedding(1000, d_model),
        "decoder": nn.TransformerDecoder(
            layer, num_layers=3, norm=nn.LayerNorm(d_model, bias=False)
        ),
        "out": nn.Linear(d_model, 1000, bias=False),
    }
)
