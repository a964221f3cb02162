"""Memformer encoder-decoder with memory slots (enc_/dec_ prefixed keyword arguments)."""

from memformer import Memformer

model = Memformer(
    dim=64,
    num_memory_slots=16,
    num_mem_updates=2,
    mem_update_attn_heads=4,
    enc_num_tokens=256,
    enc_max_seq_len=128,
    enc_depth=2,
    enc_heads=4,
    dec_num_tokens=256,
    dec_max_seq_len=64,
    dec_depth=2,
    dec_heads=4,
)
