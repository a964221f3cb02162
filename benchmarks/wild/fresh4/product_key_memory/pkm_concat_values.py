from product_key_memory import PKM

model = PKM(
    dim=512,
    heads=8,
    num_keys=256,
    topk=32,
    dim_head=64,
    concat_values_and_combine=True,
    pre_layernorm=True,
)
