from simple_transformer import Transformer

model = Transformer(
    src_vocab_size=120,
    trg_vocab_size=90,
    src_pad_idx=0,
    trg_pad_idx=0,
    embed_size=32,
    num_layers=2,
    forward_expansion=2,
    heads=4,
    max_length=50,
)
