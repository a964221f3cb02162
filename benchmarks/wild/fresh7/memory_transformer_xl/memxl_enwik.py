from memory_transformer_xl import MemoryTransformerXL

model = MemoryTransformerXL(
    num_tokens=256,
    dim=512,
    heads=8,
    depth=6,
    seq_len=512,
    mem_len=256,
    lmem_len=256,
    memory_layers=[5, 6],
    mem_write_iters=2,
)
