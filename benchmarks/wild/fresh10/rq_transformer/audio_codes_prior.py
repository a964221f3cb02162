from rq_transformer import RQTransformer
from torch import nn


class CodecPrior(nn.Module):
    """An RQ prior over 8 codebooks of a neural audio codec, conditioned on a speaker embedding."""

    def __init__(self, num_speakers=10, codebook_size=1024, dim=128):
        super().__init__()
        self.speaker = nn.Embedding(num_speakers, dim)
        self.prior = RQTransformer(
            num_tokens=codebook_size,
            dim=dim,
            max_spatial_seq_len=150,
            depth_seq_len=8,
            spatial_layers=3,
            depth_layers=3,
            dim_head=32,
            heads=4,
            ff_mult=2,
        )
        self.to_cond = nn.Linear(dim, dim)

    def forward(self, codes, speaker_ids):
        return self.prior(codes)


model = CodecPrior()
