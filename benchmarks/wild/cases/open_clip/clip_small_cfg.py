"""open_clip: clip_small_cfg (wild-code corpus, benchmarks/wild)."""

from open_clip.model import CLIP, CLIPTextCfg, CLIPVisionCfg

model = CLIP(
    embed_dim=64,
    vision_cfg=CLIPVisionCfg(layers=2, width=64, patch_size=8, image_size=32, head_width=16),
    text_cfg=CLIPTextCfg(context_length=16, vocab_size=100, width=64, heads=4, layers=2),
)
