// The blog as an RSS feed (linked from every page's head).
import rss from '@astrojs/rss';
import site from '../../content/site.json';
import { postHref, publishedPosts } from '../components/blog.ts';

export async function GET(context) {
  const posts = await publishedPosts();
  return rss({
    title: `${site.name} blog`,
    description: `Grooming tips and news from ${site.name}, ${site.address.locality}, east London.`,
    site: context.site ?? site.url,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.pubDate,
      link: postHref(post),
      author: `${site.email} (${post.data.author})`,
      categories: post.data.tags,
    })),
    customData: '<language>en-gb</language>',
  });
}
