from product_key_memory import PKM

SIZES = {
    "small": dict(dim=256, heads=4, num_keys=128, topk=16, dim_head=64),
    "base": dict(dim=512, heads=4, num_keys=256, topk=32, dim_head=128),
}
model = PKM(**SIZES["small"], norm_output=True, non_competitive_gates=True)
