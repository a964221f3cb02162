from token_shift_gpt import TokenShiftGPT

SWEEP = {
    "xs": dict(dim=128, depth=4, max_seq_len=128),
    "s": dict(dim=256, depth=6, max_seq_len=512),
    "m": dict(dim=512, depth=12, max_seq_len=2048),
}
size = "s"
model = TokenShiftGPT(num_tokens=50257, ff_mult=4, **SWEEP[size])
