"""ProteinBERT inside its pretraining wrapper (token replacement and annotation noise)."""

from protein_bert_pytorch import PretrainingWrapper, ProteinBERT

bert = ProteinBERT(
    num_tokens=26,
    num_annotation=8943,
    dim=512,
    dim_global=256,
    depth=6,
    local_self_attn=True,
    num_global_tokens=2,
    glu_conv=True,
)

model = PretrainingWrapper(bert, random_replace_token_prob=0.05, remove_annotation_prob=0.25)
