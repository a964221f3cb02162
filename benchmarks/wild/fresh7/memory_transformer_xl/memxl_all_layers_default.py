from types import SimpleNamespace

from memory_transformer_xl import MemoryTransformerXL

opt = SimpleNamespace(vocab=4096, d_model=192, n_layer=5, tgt_len=64, n_head=6)
model = MemoryTransformerXL(
    num_tokens=opt.vocab,
    dim=opt.d_model,
    depth=opt.n_layer,
    seq_len=opt.tgt_len,
    heads=opt.n_head,
    gru_gated_residual=False,
)
