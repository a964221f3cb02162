from complex_valued_transformer import ComplexTransformer

model = ComplexTransformer(
    dim=64,
    depth=2,
    num_tokens=256,
    causal=True,
    dim_head=16,
    heads=4,
    complete_complex=False,
    flash_attn=False,
)
