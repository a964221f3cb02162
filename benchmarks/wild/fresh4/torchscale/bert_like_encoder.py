import torch.nn as nn
from torchscale.architecture.config import EncoderConfig
from torchscale.architecture.encoder import Encoder
from torchscale.component.embedding import PositionalEmbedding

VOCAB, DIM, MAXLEN = 5000, 192, 256
args = EncoderConfig(
    vocab_size=VOCAB,
    encoder_embed_dim=DIM,
    encoder_attention_heads=6,
    encoder_ffn_embed_dim=4 * DIM,
    encoder_layers=3,
    max_source_positions=MAXLEN,
)
model = Encoder(
    args,
    embed_tokens=nn.Embedding(VOCAB, DIM),
    embed_positions=PositionalEmbedding(MAXLEN, DIM),
)
