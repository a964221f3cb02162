"""ProteinBERT with a small annotation vocabulary and global-token width."""

from protein_bert_pytorch import ProteinBERT

model = ProteinBERT(
    num_tokens=21,
    num_annotation=1000,
    dim=256,
    dim_global=128,
    depth=4,
    narrow_conv_kernel=9,
    wide_conv_kernel=9,
    wide_conv_dilation=5,
    attn_heads=4,
    attn_dim_head=32,
)
