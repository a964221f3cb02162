from agent_attention_pytorch import AgentTransformer

model = AgentTransformer(dim=256, num_agent_tokens=32, depth=4, heads=4, dim_head=32, ff_mult=2)
