"""segment_anything: prompt_encoder (wild-code corpus, benchmarks/wild)."""

from segment_anything.modeling import PromptEncoder

model = PromptEncoder(
    embed_dim=32,
    image_embedding_size=(4, 4),
    input_image_size=(64, 64),
    mask_in_chans=8,
)
