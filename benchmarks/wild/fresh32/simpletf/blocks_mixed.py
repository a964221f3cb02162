import torch.nn as nn
from simple_transformer import DecoderBlock, SelfAttention, TransformerBlock

model = nn.ModuleDict(
    {
        "attn": SelfAttention(embed_size=40, heads=5),
        "enc": TransformerBlock(embed_size=40, heads=8, dropout=0.0, forward_expansion=1),
        "dec": DecoderBlock(embed_size=40, heads=4, forward_expansion=2, dropout=0.0, device="cpu"),
    }
)
