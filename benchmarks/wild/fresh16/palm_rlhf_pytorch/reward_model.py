from palm_rlhf_pytorch import PaLM, RewardModel

palm = PaLM(num_tokens=300, dim=48, depth=2, heads=4, dim_head=12)
# reward model: a deepcopy of the PaLM with LoRA on the "reward" scope and a binned rating head
model = RewardModel(palm, num_binned_output=5, lora_r=4)
