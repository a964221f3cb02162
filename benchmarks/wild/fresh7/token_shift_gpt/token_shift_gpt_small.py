from token_shift_gpt import TokenShiftGPT

model = TokenShiftGPT(num_tokens=256, dim=512, max_seq_len=1024, depth=6, ff_mult=4)
