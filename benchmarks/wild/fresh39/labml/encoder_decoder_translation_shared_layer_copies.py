# a small translation model from labml_nn's annotated transformer: Encoder / Decoder deep-copy one layer
from labml_nn.transformers.feed_forward import FeedForward
from labml_nn.transformers.mha import MultiHeadAttention
from labml_nn.transformers.models import (
    Decoder,
    EmbeddingsWithPositionalEncoding,
    Encoder,
    EncoderDecoder,
    Generator,
    TransformerLayer,
)

d_model, heads, d_ff, n_layers = 256, 8, 1024, 3
src_vocab, tgt_vocab = 8000, 6000

enc_layer = TransformerLayer(
    d_model=d_model,
    self_attn=MultiHeadAttention(heads=heads, d_model=d_model, dropout_prob=0.1),
    feed_forward=FeedForward(d_model=d_model, d_ff=d_ff, dropout=0.1),
    dropout_prob=0.1,
)
dec_layer = TransformerLayer(
    d_model=d_model,
    self_attn=MultiHeadAttention(heads=heads, d_model=d_model, dropout_prob=0.1),
    src_attn=MultiHeadAttention(heads=heads, d_model=d_model, dropout_prob=0.1),
    feed_forward=FeedForward(d_model=d_model, d_ff=d_ff, dropout=0.1),
    dropout_prob=0.1,
)
model = EncoderDecoder(
    encoder=Encoder(enc_layer, n_layers),
    decoder=Decoder(dec_layer, n_layers),
    src_embed=EmbeddingsWithPositionalEncoding(d_model=d_model, n_vocab=src_vocab),
    tgt_embed=EmbeddingsWithPositionalEncoding(d_model=d_model, n_vocab=tgt_vocab),
    generator=Generator(n_vocab=tgt_vocab, d_model=d_model),
)
