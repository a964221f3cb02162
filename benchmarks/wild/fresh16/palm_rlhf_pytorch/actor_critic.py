from palm_rlhf_pytorch import PaLM
from palm_rlhf_pytorch.ppo import ActorCritic

cfg = dict(num_tokens=128, dim=32, depth=2, heads=2, dim_head=16, lora_r=4)

palm = PaLM(**cfg)
critic = PaLM(**{**cfg, "depth": 1})
model = ActorCritic(palm=palm, critic=critic, actor_lora_r=4, critic_lora_r=2, pooled_values=True)
