import torch.nn as nn
from torchscale.architecture.config import EncoderDecoderConfig
from torchscale.architecture.encoder_decoder import EncoderDecoder

config = EncoderDecoderConfig(
    vocab_size=6000,
    encoder_embed_dim=128,
    encoder_attention_heads=4,
    encoder_ffn_embed_dim=256,
    encoder_layers=2,
    decoder_embed_dim=128,
    decoder_attention_heads=4,
    decoder_ffn_embed_dim=256,
    decoder_layers=2,
    deepnorm=True,
)
src_embed = nn.Embedding(6000, 128)
tgt_embed = nn.Embedding(6000, 128)
model = EncoderDecoder(config, encoder_embed_tokens=src_embed, decoder_embed_tokens=tgt_embed)
