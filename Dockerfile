# The API serving the web app; expects DATABASE_URL (see docker-compose.yml).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
