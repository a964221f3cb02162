# labml_nn's Switch Transformer: a routed FFN with n_experts copies of a gated (GLU) expert
import torch.nn as nn
from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.switch import (
    SwitchFeedForward,
    SwitchTransformer,
    SwitchTransformerLayer,
)

d_model = 128
expert = FeedForward(
    d_model=d_model,
    d_ff=512,
    dropout=0.0,
    activation=nn.GELU(),
    is_gated=True,
    bias1=False,
    bias2=False,
    bias_gate=False,
)
layer = SwitchTransformerLayer(
    d_model=d_model,
    attn=MultiHeadAttention(heads=4, d_model=d_model, dropout_prob=0.0),
    feed_forward=SwitchFeedForward(
        capacity_factor=1.25,
        drop_tokens=True,
        is_scale_prob=True,
        n_experts=8,
        expert=expert,
        d_model=d_model,
    ),
    dropout_prob=0.1,
)
model = SwitchTransformer(layer, n_layers=4)
