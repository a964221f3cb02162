"""One memory-compressed attention layer (the README's sizes, compression by 3)."""

from memory_compressed_attention import MemoryCompressedAttention

model = MemoryCompressedAttention(dim=512, heads=8, causal=False, compression_factor=3, dropout=0.1)
