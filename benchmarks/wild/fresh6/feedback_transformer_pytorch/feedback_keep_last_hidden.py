"""Feedback Transformer keeping the last hidden state as memory, sized by a dataclass."""

from dataclasses import asdict, dataclass

from feedback_transformer_pytorch import FeedbackTransformer


@dataclass
class FBConfig:
    num_tokens: int = 256
    dim: int = 96
    depth: int = 4
    mem_len: int = 16
    seq_len: int = 4
    heads: int = 6
    dim_head: int = 16
    attn_dropout: float = 0.1
    ff_dropout: float = 0.1
    keep_last_hidden: bool = True


model = FeedbackTransformer(**asdict(FBConfig()))
